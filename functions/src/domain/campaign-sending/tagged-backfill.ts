/**
 * The one-off backfill of the tagged-ticket index (AP-TG4) per company: tickets tagged before the
 * index existed have no entries, so a tag campaign would miss their contacts. Started by the first
 * campaign saved or planned with a tag (decisions.md "Tagged-ticket backfill on the first tag
 * campaign"); a tag campaign's planning waits until it is done (`taggedIndexReady`).
 *
 * The pass walks the company's contacts in id order (AP-CT7, stable: nothing moves a contact in it,
 * unlike the ticket lists, which reorder as tickets change), and for each non-group contact its
 * tickets (AP-T4, then AP-T5), putting an entry per (tag, ticket) of every ticket with tags. One
 * `tags.taggedBackfill` dispatch job per page of contacts: O(page) per invocation.
 *
 * Idempotent and resumable: the entries are idempotent puts; a step advances the state item (AP-TG5)
 * only from its own run number, so a redelivered or concurrent copy re-puts the same entries and
 * advances nothing; a pass whose next job was lost (a crash between the advance and the queueing) is
 * queued again from its state by the next caller once it has not moved for BACKFILL_STALL_MS.
 */
import type { DueJob } from '../../data/due-work';
import { listContactIdsPage } from '../../data/contacts';
import { advanceTaggedBackfill, createTaggedBackfill, getTaggedBackfill, indexTicketTags } from '../../data/tagged-tickets';
import { getTickets, listContactTicketIds } from '../../data/tickets';
import { mapBounded } from '../contacts/bounded';
import { queueJobAt } from './jobs';

export const TAGGED_BACKFILL_JOB = 'tags.taggedBackfill';
/** Contacts per step (each: one Query of its tickets, a BatchGet, and the entries of its tagged ones). */
export const BACKFILL_CONTACTS_PER_RUN = 100;
/** Ticket ids read per Query of one contact (a contact with more is read in several). */
export const BACKFILL_TICKETS_PER_QUERY = 100;
/** A pass that has not moved for this long is queued again from where it stands. */
export const BACKFILL_STALL_MS = 5 * 60_000;
const CONTACT_CONCURRENCY = 8;

export const taggedBackfillJob = (companyId: string, run: number, at = new Date()): DueJob => ({
  companyId,
  jobType: TAGGED_BACKFILL_JOB,
  jobId: String(run),
  dueAt: at.toISOString(),
});

/**
 * Whether the company's tagged-ticket index is complete. When it is not, starts the pass (the first
 * caller), or queues it again when it stalled, and answers false. One consistent GetItem once done.
 */
export async function taggedIndexReady(companyId: string, now = new Date()): Promise<boolean> {
  const state = await getTaggedBackfill(companyId); // AP-TG5
  if (state?.done) return true;
  if (!state) {
    if (await createTaggedBackfill(companyId, now)) await queueJobAt(taggedBackfillJob(companyId, 0, now), now.getTime());
    return false;
  }
  if (now.getTime() - Date.parse(state.updatedAt) >= BACKFILL_STALL_MS)
    await queueJobAt(taggedBackfillJob(companyId, state.run, now), now.getTime());
  return false;
}

export interface BackfillStepOptions {
  contactsPerRun?: number;
  ticketsPerQuery?: number;
}

/** One step: a page of contacts, their tagged tickets indexed, the state advanced, the next step queued. */
export async function runTaggedBackfill(job: DueJob, options: BackfillStepOptions = {}): Promise<void> {
  const { contactsPerRun = BACKFILL_CONTACTS_PER_RUN, ticketsPerQuery = BACKFILL_TICKETS_PER_QUERY } = options;
  const { companyId } = job;
  const run = Number(job.jobId);
  const state = await getTaggedBackfill(companyId); // AP-TG5
  if (!state || state.done || state.run !== run) return; // done, or this step already ran
  const page = await listContactIdsPage(companyId, { after: state.after, limit: contactsPerRun }); // AP-CT7
  const people = page.contacts.filter((c) => !c.isGroup);
  await mapBounded(people, CONTACT_CONCURRENCY, (c) => indexContactTickets(companyId, c.id, ticketsPerQuery));
  const now = new Date();
  const advanced = await advanceTaggedBackfill(companyId, run, { after: page.last, done: !page.last }, now);
  if (advanced && page.last) await queueJobAt(taggedBackfillJob(companyId, run + 1, now), now.getTime());
}

async function indexContactTickets(companyId: string, contactId: string, perQuery: number): Promise<void> {
  let after: string | undefined;
  do {
    const ids = await listContactTicketIds(companyId, contactId, perQuery, after); // AP-T4
    for (const ticket of await getTickets(companyId, ids)) await indexTicketTags(ticket, ticket.tagIds); // AP-T5
    after = ids.length === perQuery ? ids[ids.length - 1] : undefined;
  } while (after);
}
