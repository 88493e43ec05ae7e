/**
 * THE BOTS SEAM. After a channel message has landed on its ticket (attached, counted, published),
 * the inbound pipeline calls `bots.onTicketMessage(context)` on the bots its Lambda's composition
 * root passed in (handlers/inbound/index.ts passes `ticketBots` of bot-runtime.ts: connection
 * greeting, queue menu and option tree, out-of-hours, rating, auto-transfer).
 *
 * Contract for the implementation:
 * - it may run MORE THAN ONCE for the same message (SQS redelivery before `pipelineDone`): every
 *   step must be idempotent — e.g. key what it sends by the triggering message
 *   (`clientMessageId` derived from `message.id`) so a rerun sends nothing twice;
 * - it sends through `sendOutboundPart` (domain/messages/outbound-message.ts, `userId: null`), which records the message
 *   before queueing it, so the channel's echo of a bot message is recognised and not re-processed;
 * - it changes tickets only through domain/tickets (transitions keep lists, counters and the lock right)
 *   and `setTicketChatbot` for the menu state;
 * - it must not import domain/inbound (no cycles): everything it needs is in the context.
 */
import type { ConnectionRecord } from '../../data/connections';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import type { TicketRecord } from '../../data/tickets';
import type { TicketHooks } from '../tickets/ticket-hooks';
import type { TicketSettings } from '../tickets/ticket-settings';
import type { BotDecision } from './bot-types';

/**
 * The bots' replies to a new contact's first message, decided BEFORE its ticket is stored
 * (`TicketBots.openingReplies`), so the ticket is stored as the last of them leaves it (last message,
 * list position) and in the queue and menu state they put it in: their landings write no ticket
 * activity (3 write units a new ticket) and no bot state (issue 28 §1). The pipeline hands it back in
 * `TicketMessageContext.opening`, and the bots send exactly these replies under these message ids
 * instead of deciding again.
 */
export interface OpeningReplies {
  /** In order, with the message id each is stored under. */
  replies: { id: string; text: string }[];
  /** When they were decided: the new ticket's last activity. */
  at: string;
  /** The ticket fields the bots set (queue, menu state), stored with the new ticket. */
  ticketChanges: Partial<Pick<TicketRecord, 'queueId' | 'chatbot' | 'botPath' | 'awaitingRating' | 'menuHeardAt'>>;
  /** The whole decision, handed back to the bots with the stored ticket (which has its changes already). */
  decision: BotDecision;
}

export interface TicketMessageContext {
  connection: ConnectionRecord;
  contact: ContactRecord;
  /** The ticket after the message landed on it (unread and last message already updated). */
  ticket: TicketRecord;
  message: MessageRecord;
  /** `received`: from the customer; `sent`: typed on the phone itself (fromMe). */
  direction: 'received' | 'sent';
  /** This message opened a new ticket / brought a closed one back (pending). */
  ticketCreated: boolean;
  ticketReopened: boolean;
  settings: TicketSettings;
  /** The replies decided before this new ticket was stored, already counted on it (`OpeningReplies`). */
  opening?: OpeningReplies;
}

/** What the bots see of a new contact's first message before its ticket is stored. */
export type OpeningContext = Pick<TicketMessageContext, 'connection' | 'contact' | 'ticket' | 'message'>;

/** Everything the bots add to tickets: the inbound seam and the ticket life-cycle hooks. */
export interface TicketBots extends TicketHooks {
  onTicketMessage(context: TicketMessageContext): Promise<void>;
  /**
   * Optional: the replies a new contact's first message will get, decided before its ticket is
   * stored (undefined: none, or the bots decide after, as for any message).
   */
  openingReplies?(context: OpeningContext): Promise<OpeningReplies | undefined>;
}
