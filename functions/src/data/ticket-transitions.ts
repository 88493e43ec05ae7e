/**
 * The writes that change which lists hold a ticket and what it counts toward: creating it (with the
 * conversation lock), moving it between statuses, queues and users, and deleting it. Each keeps the
 * ticket, its lock and its counts in step (docs/data-model.md "Tickets"); the ticket record, its keys,
 * reads and message activity are in tickets.ts.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from './table-operations';
import { ddb, tableName } from './client';
import { dashboardMoves } from './dashboard-days';
import { counterMoves } from './ticket-counters';
import { ALL_LIST_INDEXES, LIST_INDEXES, listKeys, sameListsCondition } from './ticket-list-keys';
import {
  isConditionFailed,
  TransactionConditionFailed,
  transactWrite,
  updateAlone,
  type LabelledItem,
} from './transactions';
import {
  contactTicketItem,
  conversationKey,
  TICKET_WRITE,
  ticketItem,
  ticketKey,
  ticketSideItems,
  uuidItems,
  type TicketRecord,
} from './tickets';

/**
 * Creates the ticket and takes the conversation lock: it must be free (no pointer, or one to the
 * closed ticket `replacing`). Fails with label `conversation` when another writer got there first.
 * No transaction (it bills every item twice, issue 28 §1): a guarded order, as a new contact's
 * (contact-creation.ts):
 *   1. THE GUARD: the lock, taken with the new ticket in it (`draft`, without its last message's text); beside it the ticket's
 *      references (the contact's, and an older kind of uuid's: plain Puts naming this ticket id, which nothing
 *      else can hold). Losing the lock takes the references back;
 *   2. the ticket, conditional on not existing (`storeTicket`), and beside it the counts (the tab
 *      counter, the dashboard's day), written by the lock's holder alone.
 * A lock naming a ticket that is not stored is a creation cut short after its guard, or still under
 * way: whoever reads it stores the draft (`completeTicketCreation`: the same ticket, counted by
 * nobody else), so a ticket is stored once and counted at most once. A process stopped between its
 * guard and its counts leaves them one short, never one over (docs/decisions.md).
 */
export async function insertTicket(t: TicketRecord, replacing: string | null): Promise<void> {
  const references = ticketSideItems(t, null);
  const [guarded, referenced] = await Promise.allSettled([
    takeConversation(t, replacing),
    batchWrite(references.map((Item) => ({ PutRequest: { Item } }))),
  ]);
  if (guarded.status === 'rejected') {
    if (guarded.reason instanceof TransactionConditionFailed)
      await batchWrite(references.map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })));
    throw guarded.reason;
  }
  if (referenced.status === 'rejected') throw referenced.reason;
  await Promise.all([storeTicket(t), ...newTicketCounts(t).map(updateAlone)]);
}

/**
 * Stores the ticket a lock names and nobody stored (`ConversationPointer.draft`): a creation cut short
 * after its guard, or one under way (then both write the same ticket once). Counts nothing: the
 * lock's holder counts.
 */
export async function completeTicketCreation(draft: TicketRecord): Promise<void> {
  await batchWrite(ticketSideItems(draft, null).map((Item) => ({ PutRequest: { Item } })));
  await storeTicket(draft);
}

/** The conversation lock, taken for `t` with `t` in it; label `conversation` when another ticket holds it. */
async function takeConversation(t: TicketRecord, replacing: string | null): Promise<void> {
  const pointer = conversationKey(t.companyId, t.connectionId, t.contactId);
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        // the draft without the message text: the lock holds no copy of a customer's words, and stays one write unit
        Item: {
          ...pointer,
          ticketId: t.id,
          active: t.status !== 'closed',
          closedAt: null,
          draft: { ...t, lastMessage: '' },
        },
        ConditionExpression: replacing
          ? 'attribute_not_exists(PK) OR (ticketId = :prev AND active = :false)'
          : 'attribute_not_exists(PK)',
        ...(replacing ? { ExpressionAttributeValues: { ':prev': replacing, ':false': false } } : {}),
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    // An SDK retry of this very Put after its first attempt committed also fails the condition
    // (read from the table: a read made ahead for the batch is older than this Put).
    const holder = await ddb().send(new GetCommand({ TableName: tableName(), Key: pointer, ConsistentRead: true }));
    if (holder.Item?.ticketId !== t.id) throw new TransactionConditionFailed([TICKET_WRITE.conversation]);
  }
}

/** The ticket item, written once (a second writer of the same draft finds it stored). */
async function storeTicket(t: TicketRecord): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({ TableName: tableName(), Item: ticketItem(t), ConditionExpression: 'attribute_not_exists(PK)' }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** What a new ticket counts toward: its tab counter and the dashboard's day (`moveTicket` moves them after). */
export const newTicketCounts = (t: TicketRecord): LabelledItem[] => [
  ...counterMoves(t.companyId, null, t),
  ...dashboardMoves(t.companyId, null, t, t.createdAt),
];

/**
 * Moves a ticket between lists (status, queue, user). The condition is on the list keys it was read
 * with, so two concurrent transitions cannot both apply (the loser gets label `ticket` and re-reads),
 * while message activity (unread, last message) never conflicts with a transition.
 */
export async function moveTicket(
  before: TicketRecord,
  next: Pick<TicketRecord, 'status' | 'userId' | 'queueId'>,
  now: string,
  /** A reopen by a customer's message: its id (`TicketRecord.reopenedBy`). */
  reopener?: { reopenedBy: string },
): Promise<void> {
  const closing = before.status !== 'closed' && next.status === 'closed';
  const reopening = before.status === 'closed' && next.status !== 'closed';
  const accepting = next.status === 'open' && !before.acceptedAt;
  const acceptedAt = reopening ? (next.status === 'open' ? now : null) : accepting ? now : (before.acceptedAt ?? null);
  const reopenedAt = reopening ? now : (before.reopenedAt ?? null);
  // Written only by a reopen (its message's id, or removed when a person reopens): no other move grows the item.
  const reopenedBy = reopening ? reopener?.reopenedBy : before.reopenedBy;
  const marksReopener = reopening && reopenedBy !== undefined;
  const after = { ...before, ...next, updatedAt: now, acceptedAt, reopenedAt, reopenedBy };
  // The keys of the new status's indexes are set; the others removed (also a stale one of an older item).
  const keys = listKeys(after);
  const dropped = ALL_LIST_INDEXES.filter((index) => !LIST_INDEXES[after.status].includes(index));
  const setKeys = Object.keys(keys).map((k) => `${k} = :${k}`);
  if (marksReopener) setKeys.push('reopenedBy = :rby');
  const removed = [
    ...dropped.flatMap((index) => [`${index}PK`, `${index}SK`]),
    ...(reopening && !marksReopener ? ['reopenedBy'] : []),
  ];
  const same = sameListsCondition(before);
  const items: LabelledItem[] = [
    {
      label: TICKET_WRITE.ticket,
      item: {
        Update: {
          TableName: tableName(),
          Key: ticketKey(before.companyId, before.id),
          UpdateExpression:
            'SET #status = :status, userId = :user, queueId = :queue, updatedAt = :now, closedAt = :closedAt, ' +
            `acceptedAt = :acc, reopenedAt = :reo, ${setKeys.join(', ')}` +
            (removed.length ? ` REMOVE ${removed.join(', ')}` : ''),
          ConditionExpression: same.expr,
          ExpressionAttributeNames: same.names,
          ExpressionAttributeValues: {
            ':status': after.status,
            ':user': after.userId,
            ':queue': after.queueId,
            ':now': now,
            ':closedAt': after.status === 'closed' ? now : null,
            ...Object.fromEntries(Object.entries(keys).map(([k, v]) => [`:${k}`, v])),
            ...same.values,
            ':acc': acceptedAt,
            ':reo': reopenedAt,
            ...(marksReopener ? { ':rby': reopenedBy } : {}),
          },
        },
      },
    },
    ...counterMoves(before.companyId, before, after),
    ...dashboardMoves(before.companyId, before, after, now),
  ];
  const pointer = conversationKey(before.companyId, before.connectionId, before.contactId);
  if (closing) {
    items.push({
      label: TICKET_WRITE.conversation,
      item: {
        Update: {
          TableName: tableName(),
          Key: pointer,
          UpdateExpression: 'SET active = :false, closedAt = :now',
          ConditionExpression: 'ticketId = :me',
          ExpressionAttributeValues: { ':false': false, ':now': now, ':me': before.id },
        },
      },
    });
  }
  if (reopening) {
    items.push({
      label: TICKET_WRITE.conversation,
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...pointer, ticketId: before.id, active: true, closedAt: null },
          ConditionExpression: 'attribute_not_exists(PK) OR ticketId = :me OR active = :false',
          ExpressionAttributeValues: { ':me': before.id, ':false': false },
        },
      },
    });
  }
  await transactWrite(items);
}

/**
 * Deletes the ticket, its uuid and contact references, its counts, and the lock when it holds it.
 * `extra`: moves of aggregates kept elsewhere (its tags' counts), in the same transaction.
 */
export async function removeTicket(t: TicketRecord, holdsConversation: boolean, extra: LabelledItem[] = []): Promise<void> {
  const del = (
    label: string,
    key: Record<string, unknown>,
    condition?: { expr: string; values: Record<string, unknown>; names?: Record<string, string> },
  ): LabelledItem => ({
    label,
    item: {
      Delete: {
        TableName: tableName(),
        Key: { PK: key.PK, SK: key.SK },
        ...(condition ? { ConditionExpression: condition.expr, ExpressionAttributeValues: condition.values } : {}),
        ...(condition?.names ? { ExpressionAttributeNames: condition.names } : {}),
      },
    },
  });
  const same = sameListsCondition(t);
  await transactWrite([
    del(TICKET_WRITE.ticket, ticketKey(t.companyId, t.id), {
      // its lists and tags as read: the counts moved with the delete are those of this state
      expr: t.tagIds?.length
        ? `${same.expr} AND tagIds = :tags`
        : `${same.expr} AND (attribute_not_exists(tagIds) OR size(tagIds) = :zero)`,
      values: { ...same.values, ...(t.tagIds?.length ? { ':tags': t.tagIds } : { ':zero': 0 }) },
      names: same.names,
    }),
    ...uuidItems(t).map((item) => del(TICKET_WRITE.uuid, item)),
    del('contact', contactTicketItem(t)),
    ...(holdsConversation
      ? [
          del(TICKET_WRITE.conversation, conversationKey(t.companyId, t.connectionId, t.contactId), {
            expr: 'ticketId = :me',
            values: { ':me': t.id },
          }),
        ]
      : []),
    ...counterMoves(t.companyId, t, null),
    ...dashboardMoves(t.companyId, t, null, new Date().toISOString()),
    ...extra,
  ]);
}
