/**
 * A tag campaign's target: the distinct contacts of the company's tickets carrying the tag, one page
 * of the index (AP-TG4, sorted by contact) per planning step. O(page): the page's entries, its
 * tickets (AP-T5, to drop entries the ticket no longer backs) and its contacts (AP-CT1 batch).
 *
 * Deduplicated: a contact's entries are adjacent, so within a page it is taken once, and the cursor
 * carries the last contact taken so the next page skips its remaining tickets. Group contacts are
 * skipped (a campaign writes to people), and so are contacts without a number.
 */
import { getContacts } from '../../data/contacts';
import { listTaggedTicketsPage } from '../../data/tagged-tickets';
import { getTickets } from '../../data/tickets';
import type { TargetContact, TargetPage } from './target';

/** Where the next page starts and the contact already taken there. */
interface TaggedCursor {
  after: string;
  taken: string | null;
}

const readCursor = (cursor: string | undefined): Partial<TaggedCursor> =>
  cursor ? (JSON.parse(cursor) as TaggedCursor) : {};

export async function readTaggedContactsPage(
  companyId: string,
  tagId: string,
  cursor: string | undefined,
  limit: number,
): Promise<TargetPage> {
  const from = readCursor(cursor);
  const page = await listTaggedTicketsPage(companyId, tagId, { after: from.after, limit });
  const tickets = await getTickets(companyId, [...new Set(page.entries.map((e) => e.ticketId))]);
  const backed = new Set(
    tickets.filter((t) => !t.isGroup && (t.tagIds ?? []).includes(tagId)).map((t) => `${t.contactId}#${t.id}`),
  );
  const candidates = [
    ...new Set(
      page.entries
        .filter((e) => backed.has(`${e.contactId}#${e.ticketId}`) && e.contactId !== from.taken)
        .map((e) => e.contactId),
    ),
  ];
  const contacts = new Map((await getContacts(companyId, candidates)).map((c) => [c.id, c]));
  const items: TargetContact[] = candidates.flatMap((id) => {
    const contact = contacts.get(id);
    if (!contact || contact.isGroup || !contact.number) return [];
    return [{ id, name: contact.name, number: contact.number, email: contact.email ?? '', isWhatsappValid: null }];
  });
  if (!page.last) return { items };
  const lastContact = page.entries[page.entries.length - 1]!.contactId;
  const taken = candidates.includes(lastContact) || lastContact === from.taken ? lastContact : null;
  return { items, cursor: JSON.stringify({ after: page.last, taken } satisfies TaggedCursor) };
}
