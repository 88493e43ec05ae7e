/**
 * The bots behind the inbound seam (ticket-bots.ts): the menu bot and the automatic messages decided
 * by bot-engine.ts, applied here. Idempotent under redelivery: every reply's command id derives from
 * the triggering message (`bot:<messageId>:<n>`), so a rerun records and sends nothing twice; the
 * ticket changes are plain sets of the decided values. Replies go first: if the run dies after them,
 * the rerun decides the same (the state did not move yet) and only applies the state.
 */
import { getConnection, type ConnectionRecord } from '../../data/connections';
import { getContact, type ContactRecord } from '../../data/contacts';
import { recordTicketRating } from '../../data/ticket-ratings';
import { getTicket, setTicketBotState, type TicketRecord } from '../../data/tickets';
import { moveTicket } from '../../data/ticket-transitions';
import { sendOutboundPart } from '../messages/outbound-message';
import { toTicketDto } from '../tickets/ticket-dto';
import { publishTicketUpdate } from '../tickets/ticket-events';
import { handToQueueIntegration } from '../integrations/integration-job';
import { decideInbound, decideOnResolve, decideRatingAnswer, isRatingAnswer } from './bot-engine';
import { loadBotSetup } from './bot-setup';
import { startTicketTimers } from './ticket-timers';
import type { BotDecision, BotTicket } from './bot-types';
import { monotonicUlid } from '@atende/shared/ids';
import type { OpeningContext, OpeningReplies, TicketBots, TicketMessageContext } from './ticket-bots';

const asBotTicket = (t: TicketRecord): BotTicket => ({
  id: t.id,
  status: t.status,
  queueId: t.queueId,
  userId: t.userId,
  chatbot: t.chatbot,
  botPath: t.botPath ?? [],
  awaitingRating: t.awaitingRating === true,
  menuHeardAt: t.menuHeardAt,
  createdAt: t.createdAt,
});

/** `counted`: replies decided before the ticket was stored, which it counted already (`OpeningReplies`). */
async function sendReplies(
  ticket: TicketRecord,
  connection: ConnectionRecord,
  contact: ContactRecord,
  replies: string[] | OpeningReplies['replies'],
  key: string,
): Promise<void> {
  for (const [n, reply] of replies.entries()) {
    const counted = typeof reply === 'string' ? {} : { id: reply.id, countedOnTicket: true };
    await sendOutboundPart(ticket, connection, contact, {
      commandId: `bot:${key}:${n}`,
      text: typeof reply === 'string' ? reply : reply.text,
      userId: null,
      searchable: false, // the company's configured texts, the same on every ticket
      ...counted,
    });
  }
}

/**
 * Applies the decided ticket changes; a new queue moves the ticket between lists like a transfer does.
 * `menuHeardAt` alone (a message held back inside a burst) is bot bookkeeping no console shows: no event.
 * The event's ticket is the bot-state update's own result when there is one (no read after it), and
 * its contact and connection are the ones the caller holds.
 */
async function applyChanges(
  ticket: TicketRecord,
  decision: BotDecision,
  known: { connection: ConnectionRecord; contact: ContactRecord },
): Promise<void> {
  const { queueId, status: _status, menuHeardAt, ...decided } = decision.changes;
  // only the values that differ from the ticket's (a greeting's "no menu, no path" is what a new ticket has)
  const current = asBotTicket(ticket);
  const state = Object.fromEntries(
    Object.entries(decided).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key as keyof BotTicket]),
    ),
  ) as Partial<typeof decided>;
  let changed = false;
  let after: TicketRecord | undefined;
  if (queueId !== undefined && queueId !== ticket.queueId) {
    await moveTicket(ticket, { status: ticket.status, userId: ticket.userId, queueId }, new Date().toISOString());
    changed = true;
  }
  const shown = Object.keys(state).length > 0;
  if (shown || (menuHeardAt && menuHeardAt !== ticket.menuHeardAt)) {
    after = await setTicketBotState(ticket.companyId, ticket.id, { ...state, menuHeardAt });
    changed ||= shown;
  }
  if (!changed) return;
  after ??= await getTicket(ticket.companyId, ticket.id);
  if (!after) return; // deleted meanwhile: its delete event told the consoles
  await publishTicketUpdate(after, await toTicketDto(after, { ...known, recentQueues: true }), ticket);
}

/**
 * A customer writing again while their ticket waits in one of the connection's queues, outside the
 * menu: `decideInbound` has nothing to say (no greeting, menu or out-of-hours reply for a ticket that
 * is not new), so the bot setup (four reads) is not loaded for every message of a waiting customer.
 */
const settledInQueue = (ticket: TicketRecord, connection: ConnectionRecord, isNew: boolean) =>
  !isNew && !ticket.chatbot && !!ticket.queueId && (connection.queueIds ?? []).includes(ticket.queueId);

export async function onTicketMessage(ctx: TicketMessageContext): Promise<void> {
  const { ticket, connection, contact, message } = ctx;
  if (ctx.direction !== 'received' || ticket.isGroup) return;
  const at = new Date(message.createdAt);

  if (ticket.awaitingRating) {
    const setup = await loadBotSetup(connection);
    const decision = decideRatingAnswer({
      ...setup,
      ticket: asBotTicket(ticket),
      contactName: contact.name,
      text: message.body ?? '',
      at,
    });
    await sendReplies(ticket, connection, contact, decision.replies, message.id);
    if (decision.rating && ticket.userId) await recordTicketRating(ticket, ticket.userId, decision.rating);
    await applyChanges(ticket, decision, { connection, contact });
    if (decision.handled) return;
  }

  if (ctx.ticketCreated || ctx.ticketReopened) await startTicketTimers(ticket, connection);
  if (ctx.opening) {
    await sendReplies(ticket, connection, contact, ctx.opening.replies, message.id);
    await applyChanges(ticket, ctx.opening.decision, { connection, contact });
    return;
  }
  if (ticket.status !== 'pending' || ticket.userId) return;
  if (settledInQueue(ticket, connection, ctx.ticketCreated || ctx.ticketReopened)) return;
  const decision = await decideForMessage(ctx, ctx.ticketCreated || ctx.ticketReopened);
  await sendReplies(ticket, connection, contact, decision.replies, message.id);
  await applyChanges(ticket, decision, { connection, contact });
}

async function decideForMessage(
  { ticket, connection, contact, message }: OpeningContext,
  isNewTicket: boolean,
): Promise<BotDecision> {
  const setup = await loadBotSetup(connection);
  return decideInbound({
    ...setup,
    ticket: asBotTicket(ticket),
    contactName: contact.name,
    text: message.body ?? '',
    at: new Date(message.createdAt),
    isNewTicket,
  });
}

/**
 * A new contact's first message: what `onTicketMessage` would answer on its new ticket, decided before
 * the ticket is stored (`OpeningReplies`), with the message ids the replies will be stored under and
 * the ticket fields the decision sets. Only a customer's message on a ticket waiting for the bots (as
 * `onTicketMessage` requires). A redelivery that finds the ticket stored but not greeted decides again
 * with `isNewTicket`, which does not read the menu state stored with it: the same replies.
 */
export async function openingReplies(ctx: OpeningContext): Promise<OpeningReplies | undefined> {
  const { ticket, message } = ctx;
  if (message.fromMe || ticket.isGroup || ticket.awaitingRating || ticket.status !== 'pending' || ticket.userId) {
    return undefined;
  }
  const decision = await decideForMessage(ctx, true);
  const { status: _status, ...ticketChanges } = decision.changes;
  return {
    replies: decision.replies.map((text) => ({ id: monotonicUlid(), text })),
    at: new Date().toISOString(),
    ticketChanges,
    decision,
  };
}

/**
 * After a ticket was resolved: the rating question (userRating on) or the completion message.
 * `resolutionKey` identifies this resolve (the ticket's closedAt) so a retried call sends nothing twice.
 */
export async function onTicketResolved(ticket: TicketRecord): Promise<void> {
  if (ticket.isGroup) return;
  const [connection, contact] = await Promise.all([
    getConnection(ticket.companyId, ticket.connectionId),
    getContact(ticket.companyId, ticket.contactId),
  ]);
  if (!connection || !contact) return;
  const setup = await loadBotSetup(connection);
  const decision = decideOnResolve({ ...setup, ticket: asBotTicket(ticket), contactName: contact.name, at: new Date() });
  await sendReplies(ticket, connection, contact, decision.replies, `resolve:${ticket.id}:${ticket.closedAt ?? ''}`);
  await applyChanges(ticket, decision, { connection, contact });
}

/**
 * The bots on the inbound seam and the ticket life cycle. Not installed anywhere: each Lambda whose
 * code opens, reopens or resolves tickets passes it in from its handler's entry file (its composition
 * root); functions/test/composition-roots.test.ts checks that none is missing.
 */
export const ticketBots: TicketBots = {
  onTicketMessage: async (ctx) => {
    await onTicketMessage(ctx);
    // then the ticket's queue integration, if its queue has one (off the inbound path: a queued job)
    await handToQueueIntegration(ctx.ticket, ctx.message, ctx.direction);
  },
  openingReplies,
  keepsClosedTicket: (ticket, body) => ticket.awaitingRating === true && isRatingAnswer(body),
  onResolved: onTicketResolved,
};
