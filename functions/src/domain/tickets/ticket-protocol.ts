/**
 * The ticket's protocol number, the `{{protocol}}` of the automatic messages (spec part 2 §5): one per
 * ticket, the same in every message of it — greeting, menu, rating, completion — and across resolve
 * and reopen (a reopened ticket is the same ticket). It is derived from what never changes on a
 * ticket, its creation time (UTC, to the second) and the tail of its id, so nothing is stored and no
 * setting (not even the company's time zone) can change it; a new ticket gets a new one.
 */
export function ticketProtocol(ticket: { id: string; createdAt: string }): string {
  const stamp = new Date(ticket.createdAt).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${ticket.id.slice(-4).toUpperCase()}`;
}
