/**
 * The seam between the realtime rooms and the tickets entity: what `joinTicket` needs to know about
 * a ticket to judge `maySeeTicket` (its queue and assignee). The tickets area provides the loader
 * (docs/decisions.md "Realtime by audience"); until a ticket can be found, every join is refused:
 * the room check fails closed.
 */
import type { TicketAccessFacts } from '@atende/shared';

export type TicketFactsLoader = (companyId: string, ticketId: string) => Promise<TicketAccessFacts | undefined>;

let loader: TicketFactsLoader = async () => undefined;

/** Called once by the tickets area at module load (and by tests). */
export function provideTicketFacts(load: TicketFactsLoader): void {
  loader = load;
}

export const loadTicketFacts: TicketFactsLoader = (companyId, ticketId) => loader(companyId, ticketId);
