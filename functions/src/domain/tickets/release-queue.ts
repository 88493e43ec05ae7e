/**
 * A deleted queue's tickets move to "no queue" (docs/decisions.md "A deleted queue's tickets"): they
 * keep their status, user and place in the activity order, and stay reachable where queue-less
 * tickets are seen: by admins, by the user a ticket is assigned to, and by operators when the company
 * enables userViewTicketsWithoutDepartment. The move reads the queue's lists (AP-T6) a page at a
 * time: the DELETE request moves the first page, a due job (`queue.release`) the rest, so no request
 * pays for a large queue. Idempotent: a ticket already moved is no longer in the lists it reads.
 */
import { TICKET_STATUSES, type TicketStatus } from '@atende/shared';
import type { DueJob } from '../../data/due-work';
import { mergeTicketLists, queueList } from '../../data/ticket-lists';
import { moveTicket, type TicketRecord } from '../../data/tickets';
import { TransactionConditionFailed } from '../../data/transactions';
import { scheduleDueWork } from '../scheduler/due-work';
import { toTicketDtos } from './ticket-dto';
import { publishTicketUpdate } from './ticket-events';

export const QUEUE_RELEASE_JOB = 'queue.release';
/** Tickets moved per run (the request's page, then each job run's). */
export const QUEUE_RELEASE_PAGE = 50;

async function firstPage(companyId: string, queueId: string, status: TicketStatus): Promise<TicketRecord[]> {
  const page = await mergeTicketLists([queueList(companyId, status, queueId)], {
    pageSize: QUEUE_RELEASE_PAGE,
    maxItemsRead: QUEUE_RELEASE_PAGE,
  }); // AP-T6
  return page.tickets;
}

/**
 * Moves up to one page of the queue's tickets to no queue; answers whether some may remain (then a
 * `queue.release` job continues). The activity time is kept, so the lists do not reorder.
 */
export async function releaseQueueTickets(companyId: string, queueId: string): Promise<boolean> {
  let budget = QUEUE_RELEASE_PAGE;
  const moved: TicketRecord[] = [];
  for (const status of TICKET_STATUSES) {
    if (budget <= 0) break;
    const tickets = (await firstPage(companyId, queueId, status)).slice(0, budget);
    for (const ticket of tickets) {
      budget--;
      try {
        await moveTicket(ticket, { status: ticket.status, userId: ticket.userId, queueId: null }, ticket.updatedAt);
        moved.push(ticket);
      } catch (err) {
        // Moved by someone else meanwhile (accepted, transferred, closed): it left this list anyway.
        if (!(err instanceof TransactionConditionFailed)) throw err;
      }
    }
  }
  const after = moved.map((t) => ({ ...t, queueId: null }));
  const dtos = await toTicketDtos(companyId, after);
  await Promise.all(after.map((t, i) => publishTicketUpdate(t, dtos[i], moved[i])));
  const more = budget <= 0;
  if (more) {
    await scheduleDueWork({ companyId, jobType: QUEUE_RELEASE_JOB, jobId: queueId, dueAt: new Date().toISOString() });
  }
  return more;
}

export async function runQueueRelease(job: DueJob): Promise<void> {
  await releaseQueueTickets(job.companyId, job.jobId);
}
