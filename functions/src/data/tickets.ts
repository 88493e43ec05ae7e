/**
 * Ticket entity (spec part 1 §3 "Ticket", §4). Designed so every list, count and lookup costs
 * O(page) at any company size (docs/data-model.md, "Tickets"):
 *
 *   ticket        PK = C#<cid>#TICKET#<id>                     SK = TICKET
 *                 GSI1PK = C#<cid>#TQ#<status>#<queueId|NONE>  GSI1SK = <updatedAt>#<id>   (list per status and queue: pending, closed)
 *                 GSI2PK = C#<cid>#TU#<status>#<userId|NONE>   GSI2SK = <updatedAt>#<id>   (list per status and user: open, closed)
 *                 the list keys are sparse by status (LIST_INDEXES), so a message moves a pending or open ticket in one index
 *   uuid          PK = C#<cid>#TICKETUUID#<uuid>               SK = UUID      { ticketId }
 *                 only a ticket whose uuid is not its id's (`ticketUuid`): tickets created before round 21
 *   conversation  PK = C#<cid>#CONVO#<connectionId>#<contactId> SK = CURRENT  { ticketId, active, closedAt }
 *                 the "open ticket" lock: at most one active ticket per contact and connection
 *   contact's     PK = C#<cid>#CONTACTTICKETS#<contactId>      SK = <ticketId>
 * Creating, moving and deleting a ticket (its lists, lock and counts): ticket-transitions.ts.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Channel, TicketStatus } from '@atende/shared';
import { ulidOfUuid, uuidOfUlid } from '@atende/shared/ids';
import { batchGet, queryPage } from './table-operations';
import { ddb, tableName } from './client';
import { consistentGet } from './read-ahead';
import { tenantPk } from './keys';
import { activitySk, listKeys, staleListIndexes } from './ticket-list-keys';
import { isConditionFailed, transactWrite, type LabelledItem } from './transactions';

export interface TicketRecord {
  id: string;
  uuid: string;
  companyId: string;
  status: TicketStatus;
  contactId: string;
  connectionId: string;
  channel: Channel;
  userId: string | null;
  queueId: string | null;
  unreadMessages: number;
  lastMessage: string;
  lastMessageAt: string | null;
  tagIds: string[];
  chatbot: boolean;
  /** Menu bot: option ids from the queue's top level down to where the customer is (domain/bots). */
  botPath?: string[];
  /** A rating question was sent on resolve and no answer came yet (domain/bots). */
  awaitingRating?: boolean;
  /** Menu bot: when it last handled a message of this customer (ISO), so a burst gets one menu. */
  menuHeardAt?: string;
  isGroup: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** Dashboard (data/dashboard-days.ts): local `YYYY-MM-DDTHH` of creation in the company's time zone. */
  createdSlot?: string;
  /** Dashboard: first acceptance since created or reopened (null again on reopen). */
  acceptedAt?: string | null;
  /** Dashboard: when it was last reopened (the wait starts there). */
  reopenedAt?: string | null;
  /** The customer message that last reopened it: that message's redelivery greets it again (find-or-create-ticket.ts). */
  reopenedBy?: string;
  /** The last message whose activity was counted (`ticketActivityItem`): a cut-short landing's redelivery checks it. */
  countedMessageId?: string;
  /** The conversation position of the message whose text is `lastMessage` (`TicketActivity.position`). */
  lastMessagePosition?: string;
  /**
   * Read-up-to marker: the greatest message id (ULIDs in the order the messages were handled) the
   * assigned operator saw when opening the ticket; the customer's messages up to it are read
   * (domain/messages/list-ticket-messages.ts). One write on the ticket instead of one per message.
   */
  readUpTo?: string;
  /**
   * One more on every write of the activity fields (`lastMessage`, `unreadMessages`): a message's
   * landing, the operator's read. Events carry it, so a console that got a later write's event first
   * keeps the later text and count (web `ticket-cache.ts`); absent on tickets not written since round 27.
   */
  activityVersion?: number;
}

export interface ConversationPointer {
  ticketId: string;
  active: boolean;
  closedAt: string | null;
  /**
   * The new ticket as its creator took the lock with it (ticket-transitions.ts `insertTicket`): when
   * `ticketId` is not stored, its creation was cut short (or is under way) and any reader completes it
   * from this (`completeTicketCreation`). Absent on locks written before round 19 and after a reopen.
   */
  draft?: TicketRecord;
}

/** Labels of the conditions a ticket transaction can fail on. */
export const TICKET_WRITE = { ticket: 'ticket', conversation: 'conversation', uuid: 'uuid', message: 'message' } as const;

export const ticketKey = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'TICKET', id), SK: 'TICKET' });
const uuidKey = (companyId: string, uuid: string) => ({ PK: tenantPk(companyId, 'TICKETUUID', uuid), SK: 'UUID' });
export const conversationKey = (companyId: string, connectionId: string, contactId: string) => ({
  PK: tenantPk(companyId, 'CONVO', connectionId, contactId),
  SK: 'CURRENT',
});
const contactTicketKey = (companyId: string, contactId: string, ticketId: string) => ({
  PK: tenantPk(companyId, 'CONTACTTICKETS', contactId),
  SK: ticketId,
});

export const ticketItem = (t: TicketRecord) => ({
  ...ticketKey(t.companyId, t.id),
  ...listKeys(t),
  entity: 'ticket',
  // a ticket opened already in service was accepted when created (no wait to count)
  ...(t.status === 'open' && !t.acceptedAt ? { acceptedAt: t.createdAt } : {}),
  ...t,
});

export function ticketFromItem(item: Record<string, unknown>): TicketRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, entity: _e, ...ticket } = item;
  return { tagIds: [], unreadMessages: 0, ...ticket } as unknown as TicketRecord;
}

/**
 * A new ticket's uuid: its id's (the same 128 bits, `uuidOfUlid`), so `/tickets/{uuid}` reads the ticket
 * itself and no uuid item is written (one write unit less per ticket, issue 28 §1). An id that is not a
 * ULID gets a random uuid, kept in its own item as before round 21.
 */
export const ticketUuid = (id: string): string => uuidOfUlid(id) ?? randomUUID();

/** A uuid found through its own item: a ticket from before round 21, or one whose id is not a ULID. */
export const hasUuidItem = (t: Pick<TicketRecord, 'id' | 'uuid'>) => t.uuid !== uuidOfUlid(t.id);

/** The uuid item of a ticket that has one (`hasUuidItem`). */
export const uuidItems = (t: TicketRecord) => (hasUuidItem(t) ? [{ ...uuidKey(t.companyId, t.uuid), ticketId: t.id }] : []);

/** The contact's reference to the ticket (AP-T4). */
export const contactTicketItem = (t: TicketRecord) => ({
  ...contactTicketKey(t.companyId, t.contactId, t.id),
  ticketId: t.id,
});

/** The items a new ticket writes besides itself (bulk loading in the bench uses them too). */
export const ticketSideItems = (t: TicketRecord, conversation: ConversationPointer | null) => [
  ...uuidItems(t),
  contactTicketItem(t),
  ...(conversation ? [{ ...conversationKey(t.companyId, t.connectionId, t.contactId), ...conversation }] : []),
];

/** AP-T1: ticket by id. */
export async function getTicket(companyId: string, id: string): Promise<TicketRecord | undefined> {
  const item = await consistentGet(ticketKey(companyId, id));
  return item ? ticketFromItem(item) : undefined;
}

/**
 * AP-T2: the ticket of a uuid: the ticket its uuid spells (`ticketUuid`), else the one the uuid's own
 * item names (a ticket from before round 21). The ticket must carry that very uuid: an older ticket's
 * random uuid spells some other id.
 */
export async function getTicketByUuid(companyId: string, uuid: string): Promise<TicketRecord | undefined> {
  const spelled = ulidOfUuid(uuid);
  if (!spelled) return undefined;
  const own = await getTicket(companyId, spelled);
  if (own?.uuid === uuid) return own;
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: uuidKey(companyId, uuid) }));
  const id = out.Item?.ticketId as string | undefined;
  return id ? getTicket(companyId, id) : undefined;
}

/** AP-T3: the current ticket of a contact on a connection (the lock). */
export async function getConversation(
  companyId: string,
  connectionId: string,
  contactId: string,
): Promise<ConversationPointer | undefined> {
  const item = await consistentGet(conversationKey(companyId, connectionId, contactId));
  if (!item) return undefined;
  const draft = item.draft as TicketRecord | undefined;
  return {
    ticketId: String(item.ticketId),
    active: item.active === true,
    closedAt: (item.closedAt as string) ?? null,
    ...(draft?.id === item.ticketId ? { draft } : {}),
  };
}

/**
 * AP-T4: the newest tickets of a contact (re-indexing after a rename, the contact's history, search);
 * `after` continues below a ticket id of a previous call.
 */
export async function listContactTicketIds(
  companyId: string,
  contactId: string,
  limit: number,
  after?: string,
): Promise<string[]> {
  const out = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': contactTicketKey(companyId, contactId, '').PK },
      ScanIndexForward: false,
    },
    { limit, after: after ? contactTicketKey(companyId, contactId, after) : undefined },
  );
  return out.items.map((i) => String(i.ticketId));
}

/** What a message does to its ticket; `messageId` (when given) is recorded as the last message counted. */
export interface TicketActivity {
  lastMessage: string;
  at: string;
  unreadDelta: number;
  messageId?: string;
  /**
   * The message's place in its conversation (`<createdAt>#<id>`, data/messages.ts `conversationPosition`):
   * with it, `lastMessage` is the text of the conversation's newest message, whatever order the landings
   * ran in (a customer message written before a reply can land after it). Stored as `lastMessagePosition`.
   */
  position?: string;
}

export interface TicketActivityOptions {
  /** The ticket was chosen for being open: a close in between cancels the write. */
  onlyIfOpen?: boolean;
  /** Completing a landing a crash cut short: not if the ticket counted this message or a later one. */
  unlessCounted?: boolean;
  /**
   * What to write (`applyTicketActivity`): 'all' (default); 'count' when a newer message's text is on the
   * ticket (unread, counted id, activity time and list position, the text kept); 'text' when the message
   * was counted already (`unlessCounted` failed) but its text is newer than the ticket's.
   */
  part?: 'all' | 'count' | 'text';
}

/**
 * A message landed on the ticket: last message, activity time (moves it to the top of its lists)
 * and, for customer messages, one more unread. Both activity sort keys are set whatever the status: an
 * index holds only items with both its keys, so the one the status has no partition key for is not
 * written (a pending or open ticket moves in one index, LIST_INDEXES). `onlyIfOpen` when the ticket
 * was chosen for being open (a close in between cancels the write); `unlessCounted` when completing
 * a landing a crash cut short (data/message-landing.ts): not if the ticket counted this message or a
 * later one (ids are ULIDs in processing order; docs/data-model.md "A channel message's last write"
 * says why that counts nothing twice). With the activity's `position`, the text is written only over
 * an older message's (`lastMessagePosition`); `part` writes the count or the text alone.
 */
export function ticketActivityItem(
  t: Pick<TicketRecord, 'companyId' | 'id'>,
  activity: TicketActivity,
  options: TicketActivityOptions = {},
): LabelledItem {
  const part = options.part ?? 'all';
  const counts = part !== 'text';
  const counted = counts && activity.messageId !== undefined;
  const text = part !== 'count';
  const ordered = text && activity.position !== undefined;
  const sets = [
    ...(counts ? ['lastMessageAt = :at', 'updatedAt = :at', 'GSI1SK = :sk', 'GSI2SK = :sk'] : []),
    ...(text ? ['lastMessage = :last'] : []),
    ...(ordered ? ['lastMessagePosition = :pos'] : []),
    ...(counted ? ['countedMessageId = :mid'] : []),
  ];
  return {
    label: TICKET_WRITE.ticket,
    item: {
      Update: {
        TableName: tableName(),
        Key: ticketKey(t.companyId, t.id),
        UpdateExpression: `SET ${sets.join(', ')} ADD ${counts ? 'unreadMessages :d, ' : ''}activityVersion :one`,
        ConditionExpression: [
          'attribute_exists(PK)',
          ...(options.onlyIfOpen ? ['#status <> :closed'] : []),
          ...(counted && options.unlessCounted
            ? ['(attribute_not_exists(countedMessageId) OR countedMessageId < :mid)']
            : []),
          ...(ordered ? ['(attribute_not_exists(lastMessagePosition) OR lastMessagePosition <= :pos)'] : []),
        ].join(' AND '),
        ...(options.onlyIfOpen ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: {
          ':one': 1,
          ...(counts ? { ':at': activity.at, ':sk': activitySk(activity.at, t.id), ':d': activity.unreadDelta } : {}),
          ...(text ? { ':last': activity.lastMessage } : {}),
          ...(ordered ? { ':pos': activity.position } : {}),
          ...(counted ? { ':mid': activity.messageId } : {}),
          ...(options.onlyIfOpen ? { ':closed': 'closed' } : {}),
        },
      },
    },
  };
}

/**
 * `ticketActivityItem` as a write of its own (no transaction): the ticket as written, or undefined when
 * its condition failed (no read is billed for the answer), so an item written before round 16 is seen
 * and its stale list keys dropped (`dropStaleListKeys`). Only when the whole write's condition failed
 * are its parts tried alone, each under its own conditions: the count (the ticket shows a newer
 * message's text), then, completing a cut-short landing (`unlessCounted`), the text (this message or a
 * later one was counted, but no newer text is shown). A closed or missing ticket fails them all.
 */
export async function applyTicketActivity(
  t: Pick<TicketRecord, 'companyId' | 'id'>,
  activity: TicketActivity,
  options: TicketActivityOptions = {},
): Promise<TicketRecord | undefined> {
  const write = async (how: TicketActivityOptions) => {
    const update = ticketActivityItem(t, activity, how).item.Update!;
    try {
      return (await ddb().send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }))).Attributes ?? {};
    } catch (err) {
      if (isConditionFailed(err)) return undefined;
      throw err;
    }
  };
  let written = await write(options);
  if (!written && activity.position !== undefined && (options.part ?? 'all') === 'all') {
    written = await write({ ...options, part: 'count' });
    if (!written && options.unlessCounted) written = await write({ ...options, part: 'text' });
  }
  if (!written) return undefined;
  await dropStaleListKeys(t, written);
  return ticketFromItem(written);
}

/**
 * A ticket written before its list keys were sparse (round 16) may carry a list key its status does
 * not keep (an open ticket still in its queue's list): every message then moves it in that index too,
 * 2 WRU more. The first activity that sees such keys removes them, on condition the status is still
 * the one read: a transition in between sets its own keys and wins, and the list keys are a function
 * of the status alone (LIST_INDEXES), so the same status never needs the removed one. Once per stale
 * ticket (1 WRU and the index entry's delete), best effort: a failure leaves the keys as they were,
 * and the ticket's next message tries again.
 */
async function dropStaleListKeys(t: Pick<TicketRecord, 'companyId' | 'id'>, item: Record<string, unknown>): Promise<void> {
  const stale = staleListIndexes(item);
  if (!stale.length) return;
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ticketKey(t.companyId, t.id),
        UpdateExpression: `REMOVE ${stale.flatMap((index) => [`${index}PK`, `${index}SK`]).join(', ')}`,
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': item.status },
      }),
    );
  } catch {
    // best effort (above): the condition failed, or the next message tries again
  }
}

/** Runs one conditional update returning the new ticket, or undefined when the condition said "nothing to do". */
async function updateTicket(
  companyId: string,
  id: string,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
    ExpressionAttributeNames?: Record<string, string>;
  },
): Promise<TicketRecord | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({ TableName: tableName(), Key: ticketKey(companyId, id), ...update, ReturnValues: 'ALL_NEW' }),
    );
    return ticketFromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/**
 * The operator opened the ticket: unread back to 0 and the read-up-to marker set to `readUpTo` (the
 * caller never moves it back); a no-op when unread is already 0.
 */
export const resetUnread = (companyId: string, id: string, readUpTo: string) =>
  updateTicket(companyId, id, {
    UpdateExpression: 'SET unreadMessages = :zero, readUpTo = :upTo ADD activityVersion :one',
    ConditionExpression: 'attribute_exists(PK) AND unreadMessages > :zero',
    ExpressionAttributeValues: { ':zero': 0, ':upTo': readUpTo, ':one': 1 },
  });

/**
 * The ticket's tag set becomes `tagIds`, on condition it still is `before.tagIds` (label `ticket`: a
 * concurrent change, re-read and retry), together with the tags' counts (`countMoves`, data/tags.ts).
 */
export async function replaceTicketTags(before: TicketRecord, tagIds: string[], countMoves: LabelledItem[]): Promise<void> {
  const hadNone = !before.tagIds?.length;
  await transactWrite([
    {
      label: TICKET_WRITE.ticket,
      item: {
        Update: {
          TableName: tableName(),
          Key: ticketKey(before.companyId, before.id),
          UpdateExpression: 'SET tagIds = :tags',
          ConditionExpression: hadNone
            ? 'attribute_exists(PK) AND (attribute_not_exists(tagIds) OR size(tagIds) = :zero)'
            : 'tagIds = :old',
          ExpressionAttributeValues: { ':tags': tagIds, ...(hadNone ? { ':zero': 0 } : { ':old': before.tagIds }) },
        },
      },
    },
    ...countMoves,
  ]);
}

/** Bots (domain/bots) set the queue-menu state through this; the lists are untouched. */
export const setTicketChatbot = (companyId: string, id: string, chatbot: boolean) =>
  updateTicket(companyId, id, {
    UpdateExpression: 'SET chatbot = :c',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':c': chatbot },
  });

/** The menu bot's state (chatbot, option path, rating wait); lists and counters are untouched. */
export function setTicketBotState(
  companyId: string,
  id: string,
  state: { chatbot?: boolean; botPath?: string[]; awaitingRating?: boolean; menuHeardAt?: string },
) {
  const entries = Object.entries(state).filter(([, v]) => v !== undefined);
  if (!entries.length) return getTicket(companyId, id);
  return updateTicket(companyId, id, {
    UpdateExpression: `SET ${entries.map(([k]) => `#${k} = :${k}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
  });
}

/** AP-T5: tickets by id (search results; unknown ids skipped). */
export async function getTickets(companyId: string, ids: string[]): Promise<TicketRecord[]> {
  if (!ids.length) return [];
  return (await batchGet(ids.map((id) => ticketKey(companyId, id)))).map(ticketFromItem);
}
