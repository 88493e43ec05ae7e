/**
 * What a deleted ticket leaves behind goes in the background (DELETE /tickets/{id} stays O(1)): its
 * messages with their references, the search entries of their words, and its notes. The
 * delete puts this job on the due index in its own transaction, so a deleted ticket is always swept.
 * A run is bounded (MESSAGES_PER_RUN); past it, the run queues its continuation, which starts from
 * what is left (everything before it is gone). Idempotent: deleting a deleted item is a no-op.
 */
import type { DueJob } from '../../data/due-work';
import { deleteMessages, queryTicketMessages } from '../../data/messages';
import { unindexTokens } from '../../data/search-index';
import { messageTokensEverIndexed } from '../../data/search-tokens';
import { deleteTicketNotes, listTicketNotes } from '../../data/ticket-notes';
import { getTicket } from '../../data/tickets';
import type { LabelledItem } from '../../data/transactions';
import { dueWorkWrite, scheduleDueWork } from '../scheduler/due-work';

export const TICKET_SWEEP_JOB = 'ticket.sweep';
const MESSAGES_PER_RUN = 1_000;
const MESSAGES_PER_PAGE = 100;
const NOTES_PER_PAGE = 200;
/** Notes are few (people write them); the bound only keeps a run finite. */
const MAX_NOTE_ROUNDS = 10;

const sweepJob = (companyId: string, ticketId: string, now: Date): DueJob => ({
  companyId,
  jobType: TICKET_SWEEP_JOB,
  jobId: ticketId,
  dueAt: now.toISOString(),
});

/** The due entry of a deleted ticket's sweep, to be written with the delete. */
export const ticketSweepWrite = (companyId: string, ticketId: string, now = new Date()): LabelledItem =>
  dueWorkWrite(sweepJob(companyId, ticketId, now), now);

export interface TicketSweepOptions {
  messagesPerRun?: number;
  messagesPerPage?: number;
}

/** One run: what it removed, and whether the ticket is clean (otherwise its continuation is queued). */
export async function runTicketSweep(
  job: DueJob,
  options: TicketSweepOptions = {},
): Promise<{ messages: number; notes: number; done: boolean }> {
  const { companyId, jobId: ticketId } = job;
  // A job for a ticket that exists (a forged or mistaken entry) touches nothing.
  if (await getTicket(companyId, ticketId)) return { messages: 0, notes: 0, done: true }; // AP-T1
  const budget = options.messagesPerRun ?? MESSAGES_PER_RUN;
  let messages = 0;
  let after: Record<string, unknown> | undefined;
  do {
    const limit = Math.min(options.messagesPerPage ?? MESSAGES_PER_PAGE, budget - messages);
    const page = await queryTicketMessages(companyId, ticketId, { after, limit }); // AP-M4
    // The words first: they are known only from the messages (the body, and the text before an edit).
    const words = new Set(
      page.messages.flatMap((m) => [
        ...messageTokensEverIndexed(m.body),
        ...messageTokensEverIndexed(m.editedMessage ?? ''),
      ]),
    );
    await unindexTokens('TIX', companyId, ticketId, [...words]);
    await deleteMessages(page.messages);
    messages += page.messages.length;
    after = page.next;
  } while (after && messages < budget);
  if (after) {
    await scheduleDueWork(sweepJob(companyId, ticketId, new Date()));
    return { messages, notes: 0, done: false };
  }
  let notes = 0;
  for (let round = 0; round < MAX_NOTE_ROUNDS; round++) {
    const batch = await listTicketNotes(companyId, ticketId, NOTES_PER_PAGE); // AP-N2
    await deleteTicketNotes(
      companyId,
      batch.map((n) => n.id),
    );
    notes += batch.length;
    if (batch.length < NOTES_PER_PAGE) break;
  }
  return { messages, notes, done: true };
}
