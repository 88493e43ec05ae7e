/**
 * Where other areas join ticket life cycles without the tickets area importing them (no cycle
 * between domain areas): the bots register here at load (domain/bots/bot-runtime.ts).
 */
import type { TicketRecord } from '../../data/tickets';

export interface TicketHooks {
  /** A customer message on a closed ticket stays on it instead of reopening or starting one (a rating answer). */
  keepsClosedTicket(ticket: TicketRecord, body: string | undefined): boolean;
  /** After a ticket was resolved (completion or rating message). Must be idempotent per resolve. */
  onResolved(ticket: TicketRecord): Promise<void>;
}

const none: TicketHooks = { keepsClosedTicket: () => false, onResolved: async () => {} };
let hooks: TicketHooks = none;

export const ticketHooks = (): TicketHooks => hooks;

export function setTicketHooks(next: TicketHooks): () => void {
  const previous = hooks;
  hooks = next;
  return () => {
    hooks = previous;
  };
}
