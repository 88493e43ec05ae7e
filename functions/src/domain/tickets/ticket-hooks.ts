/**
 * Where other areas join ticket life cycles without the tickets area importing them (no cycle
 * between domain areas): the ticket functions that need them take them as a parameter, and each
 * Lambda's composition root (its handler's entry file) passes the bots (domain/bots/bot-runtime.ts).
 */
import type { TicketRecord } from '../../data/tickets';

export interface TicketHooks {
  /** A customer message on a closed ticket stays on it instead of reopening or starting one (a rating answer). */
  keepsClosedTicket(ticket: TicketRecord, body: string | undefined): boolean;
  /** After a ticket was resolved (completion or rating message). Must be idempotent per resolve. */
  onResolved(ticket: TicketRecord): Promise<void>;
}

/** No hooks: for the company's own sends, which are never a customer's rating answer (the rest get the bots). */
export const noTicketHooks: TicketHooks = { keepsClosedTicket: () => false, onResolved: async () => {} };
