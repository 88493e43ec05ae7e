/**
 * A message lands on its ticket: the message joins the ticket's conversation, the ticket is updated
 * (last message, activity time, unread +1 for a customer message), counting nothing twice on a
 * redelivery, and the message gets its by-id reference, last. A message stored already attached (a
 * customer message for an open ticket, a new contact's first message, every message the platform
 * sends) does it without a transaction, in guarded order (data/message-landing.ts); a message stored
 * first and attached afterwards (the general path) in one transaction. A channel message's reference
 * is its pipeline's last write, with its search entries (`messageTextIndex`: at most
 * MAX_TOKENS_PER_TEXT idempotent Puts, docs/data-model.md "Search"; data/messages.ts
 * `markMessagePipelineDone`); a message the platform sends writes its reference at the end of its
 * landing and its words at once.
 */
import { attachToTicketItem, conversationPosition, getMessage, type MessageRecord } from '../../data/messages';
import {
  hasMessageRef,
  putMessageOnce,
  putMessageRef,
  withdrawAttachedMessage,
  type AttachedMessage,
} from '../../data/message-landing';
import { recentKeys } from '../../data/recent-keys';
import { putTogether } from '../../data/coalesced-puts';
import { indexItems } from '../../data/search-index';
import { messageTokensOf } from '../../data/search-tokens';
import {
  applyTicketActivity,
  getTicket,
  ticketActivityItem,
  TICKET_WRITE,
  type TicketActivity,
  type TicketRecord,
} from '../../data/tickets';
import { insertTicket } from '../../data/ticket-transitions';
import { TransactionConditionFailed, transactWrite } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { lastMessageText } from './ticket-dto';

/** When a landing writes the message's by-id reference: at its end, or at the end of the channel pipeline. */
interface ReferenceWrite {
  reference: 'withLanding' | 'afterPipeline';
}

/** A channel message's reference is its pipeline's last write (data/messages.ts `markMessagePipelineDone`). */
const CHANNEL_MESSAGE: ReferenceWrite = { reference: 'afterPipeline' };
const PLATFORM_SEND: ReferenceWrite = { reference: 'withLanding' };

export async function attachMessageToTicket(
  ticket: TicketRecord,
  message: MessageRecord,
): Promise<{ attached: boolean; ticket: TicketRecord }> {
  if (message.ticketId === ticket.id) return completeLanding(ticket, message as AttachedMessage);
  // Attached to another ticket: a redelivery. It moves here only when stranded (`isStranded`).
  const stranded = message.ticketId ? await isStranded(message as AttachedMessage) : false;
  if (message.ticketId && !stranded) return completeLanding(ticket, message as AttachedMessage);
  const activity = activityOf(message);
  const from = stranded ? message.ticketId : null;
  const attach = (part: 'all' | 'count') =>
    transactWrite([
      attachToTicketItem(message, ticket.id, ticket.queueId, from),
      ticketActivityItem(ticket, activity, { part }),
    ]);
  const attempt = await redeliveryAware(() => attach('all')).catch(async (err: unknown) => {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    // The ticket shows a newer message's text (the position's condition): counted and moved, the text kept.
    return (await redeliveryAware(() => attach('count'))) === 'attached' ? ('behind' as const) : ('redelivered' as const);
  });
  if (attempt === 'redelivered') {
    // A redelivery: the first run already counted it; read what the ticket looks like now.
    return { attached: false, ticket: (await getTicket(ticket.companyId, ticket.id)) ?? ticket };
  }
  if (attempt === 'behind') return { attached: true, ticket: (await getTicket(ticket.companyId, ticket.id)) ?? ticket };
  return { attached: true, ticket: withActivity(ticket, activity) };
}

/** The attach transaction: 'redelivered' when the message was attached already (the first run counted it). */
async function redeliveryAware(attach: () => Promise<unknown>): Promise<'attached' | 'redelivered'> {
  try {
    await attach();
    return 'attached';
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has(TICKET_WRITE.message)) return 'redelivered';
    throw err;
  }
}

/**
 * How storing a channel message already attached went. 'duplicate': the message was already stored (a
 * redelivery), the caller takes the redelivery path. `Missed`: the ticket was not as read (nothing was
 * written), find the ticket again.
 */
export type MessageRecording<Missed extends string> =
  { outcome: 'recorded'; ticket: TicketRecord; message: MessageRecord } | { outcome: 'duplicate' } | { outcome: Missed };

/**
 * A redelivered channel message already on this ticket, whose pipeline did not finish: its landing
 * may have been cut short after the message was stored (`landAttachedMessage`), see
 * `finishCutShortLanding`; its reference is left to the pipeline's end. A message attached by the
 * transaction is counted: the ticket says so.
 */
async function completeLanding(
  ticket: TicketRecord,
  message: AttachedMessage,
): Promise<{ attached: boolean; ticket: TicketRecord }> {
  await finishCutShortLanding(message, CHANNEL_MESSAGE);
  return { attached: false, ticket: (await getTicket(ticket.companyId, ticket.id)) ?? ticket };
}

/**
 * A message stored attached to a ticket that does not exist, without its reference: a new contact's
 * first message whose landing was cut short before the ticket's transaction (`recordMessageOnNewTicket`),
 * or whose ticket was deleted. Read only on a redelivery.
 */
async function isStranded(message: AttachedMessage): Promise<boolean> {
  return !(await hasMessageRef(message)) && !(await getTicket(message.companyId, message.ticketId));
}

/**
 * A stored message attached to its ticket whose landing may have been cut short: without its reference
 * (written last), the ticket's activity is counted unless the ticket counted this message or a later
 * one (`unlessCounted`: ids are ULIDs in processing order; docs/data-model.md "A channel message's
 * last write" says why nothing is counted twice), then the reference is written ('withLanding';
 * 'afterPipeline': the caller's pipeline writes it). With its reference, nothing is written.
 */
async function finishCutShortLanding(message: AttachedMessage, { reference }: ReferenceWrite): Promise<void> {
  if (await hasMessageRef(message)) return;
  const ticket = { companyId: message.companyId, id: message.ticketId };
  await applyTicketActivity(ticket, activityOf(message), { unlessCounted: true });
  if (reference === 'withLanding') await putMessageRef(message);
}

/**
 * A message stored already attached lands on its ticket without a transaction (it bills each item
 * twice), in guarded order (data/message-landing.ts): the message's conditional put is the guard (a
 * redelivery finds it stored: 'duplicate'), then `countOnTicket` (the ticket's activity, or the new
 * ticket's transaction, recording the message as counted), then the by-id reference, last: here
 * ('withLanding'), or at the end of the channel pipeline ('afterPipeline').
 * 'ticketMissed': `countOnTicket`'s condition failed (the ticket gone or closed, the conversation
 * taken): the message is taken back, nothing stays written.
 */
async function landAttachedMessage(
  message: AttachedMessage,
  countOnTicket: () => Promise<boolean>,
  { reference }: ReferenceWrite,
): Promise<'landed' | 'duplicate' | 'ticketMissed'> {
  if (!(await putMessageOnce(message))) return 'duplicate';
  if (!(await countOnTicket())) {
    await withdrawAttachedMessage(message);
    return 'ticketMissed';
  }
  if (reference === 'withLanding') await putMessageRef(message);
  return 'landed';
}

/**
 * A message the platform sends (an operator's reply, a greeting, a bot's answer, a scheduled or
 * external send), stored attached to its ticket before the channel is asked to send it
 * (domain/messages/outbound-message.ts), landed as a channel message is (`landAttachedMessage`). A
 * retry under the same idempotency key finds its message stored ('fresh' false): it completes a
 * landing cut short and answers the stored message, which may be on another ticket (a scheduled send
 * retried on a new conversation). The ticket gone: ERR_NO_TICKET_FOUND, nothing written.
 * `counted`: the ticket was stored counting this message already (`OpeningActivity`): no activity write.
 */
export async function recordOutboundMessage(
  ticket: TicketRecord,
  message: AttachedMessage,
  { counted }: { counted: boolean } = { counted: false },
): Promise<{ fresh: boolean; message: MessageRecord }> {
  const countOnTicket = counted
    ? async () => true
    : async () => (await applyTicketActivity(ticket, activityOf(message))) !== undefined;
  const landing = await landAttachedMessage(message, countOnTicket, PLATFORM_SEND);
  if (landing === 'landed') return { fresh: true, message };
  if (landing === 'ticketMissed') throw new AppError('ERR_NO_TICKET_FOUND', 404);
  const stored = (await getMessage(message.companyId, message.connectionId, message.externalId))!;
  if (stored.ticketId) await finishCutShortLanding(stored as AttachedMessage, PLATFORM_SEND);
  return { fresh: false, message: stored };
}

/**
 * The common case of a channel message: its conversation's ticket is open, so the message is stored
 * already attached. No transaction (it bills each item twice): the message's conditional put is the
 * guard (a redelivery finds it stored: 'duplicate'), then the ticket's activity (only if still open);
 * the by-id reference is the pipeline's last write (data/message-landing.ts; a redelivery completes a
 * landing cut short, `completeLanding`). 'ticketClosed': the ticket was closed (or removed) after it was read; the
 * message is taken back, so nothing stays written and the general path decides.
 */
export async function recordMessageOnOpenTicket(
  ticket: TicketRecord,
  message: MessageRecord,
): Promise<MessageRecording<'ticketClosed'>> {
  const attached: AttachedMessage = { ...message, ticketId: ticket.id, queueId: ticket.queueId };
  let written: TicketRecord | undefined;
  const countOnTicket = async () => {
    written = await applyTicketActivity(ticket, activityOf(attached), { onlyIfOpen: true });
    return written !== undefined;
  };
  const landing = await landAttachedMessage(attached, countOnTicket, CHANNEL_MESSAGE);
  if (landing === 'duplicate') return { outcome: 'duplicate' };
  if (landing === 'ticketMissed') return { outcome: 'ticketClosed' };
  return { outcome: 'recorded', message: attached, ticket: written! };
}

/**
 * A new contact's first message opens its first ticket, already as the message leaves it (unread,
 * last message, list position, counted), created in its own guarded order (data/ticket-transitions.ts
 * `insertTicket`: the conversation lock with the ticket in it, then the ticket and its counts). The
 * message goes around it in the guarded order of `landAttachedMessage`: stored attached first (its
 * conditional put is the guard: 'duplicate'), then the ticket; the by-id reference is the pipeline's
 * last write. Cut short before the lock, the message is left attached to a ticket that never was: the
 * redelivery takes the general path, whose `attachMessageToTicket` moves it to the ticket it finds
 * (`isStranded`). Cut short after the lock, the redelivery finds the lock and completes that very
 * ticket (domain/tickets/conversation-ticket.ts). 'conversationTaken': a concurrent event opened the
 * conversation first; the message is taken back. `repliesFirst`: the replies the platform will send
 * right after, decided beforehand: the ticket is stored as the last of them leaves it.
 */
export async function recordMessageOnNewTicket(
  ticket: TicketRecord,
  message: MessageRecord,
  repliesFirst?: OpeningActivity,
): Promise<MessageRecording<'conversationTaken'>> {
  const received = withActivity(ticket, activityOf(message));
  const opened = repliesFirst ? withActivity(received, openingActivity(repliesFirst)) : received;
  const attached: AttachedMessage = { ...message, ticketId: ticket.id, queueId: ticket.queueId };
  const landing = await landAttachedMessage(attached, () => insertTicketOnce(opened), CHANNEL_MESSAGE);
  if (landing === 'duplicate') return { outcome: 'duplicate' };
  if (landing === 'ticketMissed') return { outcome: 'conversationTaken' };
  return { outcome: 'recorded', message: attached, ticket: opened };
}

/** The new ticket's creation; false when its conversation was taken meanwhile. */
async function insertTicketOnce(opened: TicketRecord): Promise<boolean> {
  try {
    await insertTicket(opened, null);
    return true;
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed)) throw err;
    return false;
  }
}

type Activity = TicketActivity;

/**
 * The platform's replies to a new ticket's first message, decided before the ticket is stored
 * (domain/bots/ticket-bots.ts `OpeningReplies`): the ticket is stored as the last of them leaves it,
 * and their landings count nothing (`recordOutboundMessage` with `counted`).
 */
export interface OpeningActivity {
  lastReply: { id: string; text: string };
  at: string;
}

/** The replies are stored right after (`at` is when they were decided): their place follows the opening message's. */
const openingActivity = ({ lastReply, at }: OpeningActivity): Activity => ({
  lastMessage: lastMessageText(lastReply.text, null),
  at,
  unreadDelta: 0,
  messageId: lastReply.id,
  position: conversationPosition({ createdAt: at, id: lastReply.id }),
});

const activityOf = (message: MessageRecord): Activity => ({
  lastMessage: lastMessageText(message.body, message.mediaType),
  at: new Date().toISOString(),
  unreadDelta: message.fromMe ? 0 : 1,
  messageId: message.id,
  position: conversationPosition(message),
});

/** The ticket as the transaction left it (a concurrent message may have moved unread further: the next event says so). */
const withActivity = (ticket: TicketRecord, activity: Activity): TicketRecord => ({
  ...ticket,
  lastMessage: activity.lastMessage,
  ...(activity.position ? { lastMessagePosition: activity.position } : {}),
  lastMessageAt: activity.at,
  updatedAt: activity.at,
  unreadMessages: (ticket.unreadMessages ?? 0) + activity.unreadDelta,
  activityVersion: (ticket.activityVersion ?? 0) + 1,
  ...(activity.messageId ? { countedMessageId: activity.messageId } : {}),
});

/**
 * (ticket, word) pairs this process has indexed. An index item is an idempotent Put that nothing
 * removes while the ticket lives (docs/data-model.md "Search"), so a word the conversation already
 * used is not written again: a chat repeats its words, and each item is a write unit.
 */
const indexedWords = recentKeys(50_000);

/** The index items that make a ticket findable by one message's words, to be written by the caller. */
export interface MessageTextIndex {
  /** Only the words the ticket was not yet found by (in this process). */
  items: Record<string, unknown>[];
  /** Call once `items` are written: they are not written again for this ticket. */
  written(): void;
}

export function messageTextIndex(ticket: Pick<TicketRecord, 'companyId' | 'id'>, body: string): MessageTextIndex {
  const key = (token: string) => `${ticket.companyId}#${ticket.id}#${token}`;
  const fresh = messageTokensOf(body).filter((token) => !indexedWords.has(key(token)));
  return {
    items: indexItems('TIX', ticket.companyId, ticket.id, fresh),
    written: () => fresh.forEach((token) => indexedWords.add(key(token))),
  };
}

/** Makes a ticket findable by the words of one of its messages (only the words it was not yet found by). */
export async function indexMessageText(ticket: Pick<TicketRecord, 'companyId' | 'id'>, body: string): Promise<void> {
  const index = messageTextIndex(ticket, body);
  if (!index.items.length) return;
  await putTogether(index.items);
  index.written();
}
