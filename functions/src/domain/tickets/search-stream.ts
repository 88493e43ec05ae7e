/**
 * The ticket search as one ordered stream over the write-time indexes, that a page can stop anywhere
 * in and the next page resume exactly there (search-tickets.ts pages it):
 * 1. contact phase ('c'): contacts with a name or number word starting with the term (contact index,
 *    AP-CX1), each contact once, and every ticket of each, newest first (AP-T4, paged);
 * 2. text phase ('t'): tickets with a message word starting with the term (ticket index, AP-TX1),
 *    word by word, each at the first word it has (AP-TX2), except those whose contact matches the
 *    term (phase 1 listed them).
 * Each unit the stream yields carries the position right after it, so a page ends on any unit.
 */
import type { TicketRecord } from '../../data/tickets';
import { getTickets, listContactTicketIds } from '../../data/tickets';
import { contactSearchTokens, getContact, getContacts, type ContactRecord } from '../../data/contacts';
import { existingIndexEntries, ownerOfIndexKey, queryIndex } from '../../data/search-index';

const CONTACT_SLICE = 20;
const TEXT_SLICE = 60;
/** A contact's tickets read with its slice (most contacts have a few); more are read contact by contact. */
const FIRST_TICKETS_PER_CONTACT = 6;
const MAX_TICKETS_PER_CALL = 100;
/**
 * Words of one prefix the text phase remembers to list a ticket once: a ticket found by more words
 * than this (a 3-letter prefix of a rich vocabulary) may be listed again at a later word.
 */
export const MAX_WORDS_TRACKED = 12;

type IndexKey = Record<string, unknown>;

/** A place in the stream: after index item `k` of phase `p`; in phase 'c' with `x`, inside contact item `k`, after its ticket `x`. */
export interface StreamPosition {
  p: 'c' | 't';
  k?: IndexKey;
  x?: string;
  /** Phase 't': the words met so far (the index is ordered by word), at most MAX_WORDS_TRACKED. */
  w?: string[];
}

/** One consumed unit: a candidate ticket (absent for an index item that yields none), and where the stream then stands. */
export interface StreamUnit {
  at: StreamPosition;
  ticket?: TicketRecord;
  contact?: ContactRecord;
}

export interface StreamReads {
  /** Index items and contact-ticket items read so far (the request's budget counts them). */
  items: number;
}

/** The words the contact is found by that start with `term`. */
const matchingTokens = (contact: ContactRecord, term: string) =>
  contactSearchTokens(contact).filter((token) => token.startsWith(term));

export const contactMatches = (contact: ContactRecord | undefined, term: string) =>
  !!contact && matchingTokens(contact, term).length > 0;

/** A contact found by several words (Ana Anabela for "ana") counts at one of them only: the greatest. */
const isContactsOwnEntry = (contact: ContactRecord | undefined, token: string, term: string) =>
  !!contact && matchingTokens(contact, term).sort().at(-1) === token;

const byId = <T extends { id: string }>(records: T[]) => new Map(records.map((r) => [r.id, r]));
const unique = (ids: string[]) => [...new Set(ids)];

/** `room()`: how many more matches the page wants (sizes the contact-ticket reads). */
export async function* searchStream(
  companyId: string,
  term: string,
  from: StreamPosition,
  reads: StreamReads,
  room: () => number,
): AsyncGenerator<StreamUnit> {
  const ticketLimit = () => Math.min(MAX_TICKETS_PER_CALL, room() + 1);
  if (from.p === 'c') {
    if (from.k && from.x !== undefined) {
      const contact = await getContact(companyId, ownerOfIndexKey(from.k)); // AP-CT1
      yield* contactTickets(companyId, from.k, contact, from.x, reads, ticketLimit);
    }
    let after = from.k;
    do {
      const slice = await queryIndex('CIX', companyId, term, { after, limit: CONTACT_SLICE }); // AP-CX1
      reads.items += slice.ownerIds.length;
      const contacts = byId(await getContacts(companyId, unique(slice.ownerIds.map((o) => o.ownerId)))); // AP-CT5
      const own = slice.ownerIds.filter((o) => isContactsOwnEntry(contacts.get(o.ownerId), o.token, term));
      const limit = Math.min(FIRST_TICKETS_PER_CONTACT, ticketLimit());
      const firstIds = await Promise.all(own.map((o) => listContactTicketIds(companyId, o.ownerId, limit))); // AP-T4
      reads.items += firstIds.flat().length;
      const tickets = byId(await getTickets(companyId, unique(firstIds.flat()))); // AP-T5
      for (const entry of slice.ownerIds) {
        const index = own.indexOf(entry);
        if (index < 0) {
          yield { at: { p: 'c', k: entry.key } };
          continue;
        }
        const contact = contacts.get(entry.ownerId);
        const ids = firstIds[index]!;
        for (const id of ids) yield { at: { p: 'c', k: entry.key, x: id }, ticket: tickets.get(id), contact };
        if (ids.length === limit) yield* contactTickets(companyId, entry.key, contact, ids.at(-1)!, reads, ticketLimit);
      }
      after = slice.next;
    } while (after);
  }
  let after = from.p === 't' ? from.k : undefined;
  let words = from.p === 't' ? (from.w ?? []) : [];
  do {
    const slice = await queryIndex('TIX', companyId, term, { after, limit: TEXT_SLICE }); // AP-TX1
    reads.items += slice.ownerIds.length;
    // Index order is word by word: a ticket found by two words (fretes, frete) was listed at the first.
    const steps = slice.ownerIds.map((entry) => {
      if (!words.includes(entry.token) && words.length < MAX_WORDS_TRACKED) words = [...words, entry.token];
      return { entry, words, earlier: words.filter((word) => word !== entry.token) };
    });
    const earlierEntries = steps.flatMap(({ entry, earlier }) =>
      earlier.map((token) => ({ token, ownerId: entry.ownerId })),
    );
    reads.items += earlierEntries.length;
    const [listedBefore, found] = await Promise.all([
      existingIndexEntries('TIX', companyId, earlierEntries), // AP-TX2
      getTickets(companyId, unique(slice.ownerIds.map((o) => o.ownerId))), // AP-T5
    ]);
    const tickets = byId(found);
    const contacts = byId(await getContacts(companyId, unique(found.map((t) => t.contactId)))); // AP-CT5
    for (const { entry, words: seen, earlier } of steps) {
      const ticket = tickets.get(entry.ownerId);
      const contact = ticket && contacts.get(ticket.contactId);
      const listed = earlier.some((token) => listedBefore.has(`${token}#${entry.ownerId}`)) || contactMatches(contact, term); // its contact matches the term: the contact phase listed it
      yield { at: { p: 't', k: entry.key, w: seen }, ...(listed ? {} : { ticket, contact }) };
    }
    after = slice.next;
  } while (after);
}

/** The tickets of one contact below ticket `after`, paged. */
async function* contactTickets(
  companyId: string,
  key: IndexKey,
  contact: ContactRecord | undefined,
  after: string,
  reads: StreamReads,
  ticketLimit: () => number,
): AsyncGenerator<StreamUnit> {
  if (!contact) return;
  for (let last = after; ;) {
    const limit = ticketLimit();
    const ids = await listContactTicketIds(companyId, contact.id, limit, last); // AP-T4
    reads.items += ids.length;
    const tickets = byId(await getTickets(companyId, ids)); // AP-T5
    for (const id of ids) yield { at: { p: 'c', k: key, x: id }, ticket: tickets.get(id), contact };
    if (ids.length < limit) return;
    last = ids.at(-1)!;
  }
}
