/**
 * A deleted queue's tickets move to "no queue" (docs/decisions.md "A deleted queue's tickets"): they
 * keep their status, user and place in the activity order, and stay reachable where queue-less
 * tickets are seen: by admins, by the user a ticket is assigned to, and by operators when the company
 * enables userViewTicketsWithoutDepartment. The move reads the queue's pending and closed lists
 * (AP-T6) a page at a time: the DELETE request moves the first page, a due job (`queue.release`) the
 * rest, so no request pays for a large queue. Open tickets are only in user lists (AP-T7): those the
 * counters name are merged and filtered by queue, reading at most `openScan` items a run (the
 * company's open tickets, not its history). Idempotent: a ticket already moved is no longer in the
 * queue's lists, nor kept by the filter.
 */
import { TICKET_STATUSES, type TicketStatus } from '@atende/shared';
import type { DueJob } from '../../data/due-work';
import { readTicketCounts, type TicketCounts } from '../../data/ticket-counters';
import { LIST_INDEXES } from '../../data/ticket-list-keys';
import { mergeTicketLists, nonEmptyUserLists, queueList } from '../../data/ticket-lists';
import { type TicketRecord } from '../../data/tickets';
import { moveTicket } from '../../data/ticket-transitions';
import { TransactionConditionFailed } from '../../data/transactions';
import { scheduleDueWork } from '../scheduler/due-work';
import { toTicketDtos } from './ticket-dto';
import { publishTicketUpdate } from './ticket-events';

export const QUEUE_RELEASE_JOB = 'queue.release';
/** Tickets moved per run (the request's page, then each job run's). */
export const QUEUE_RELEASE_PAGE = 50;
/** Open tickets read per run looking for the queue's (the request's; a job run reads up to OPEN_SCAN_JOB). */
const OPEN_SCAN_REQUEST = 200;
const OPEN_SCAN_JOB = 5_000;

interface StatusPage {
  tickets: TicketRecord[];
  /** The read stopped at its cap with more of the queue's tickets left. */
  cut: boolean;
}

async function firstPage(
  companyId: string,
  queueId: string,
  status: TicketStatus,
  counts: TicketCounts,
  openScan: number,
): Promise<StatusPage> {
  if (LIST_INDEXES[status].includes('GSI1')) {
    const page = await mergeTicketLists([queueList(companyId, status, queueId)], {
      pageSize: QUEUE_RELEASE_PAGE,
      maxItemsRead: QUEUE_RELEASE_PAGE,
    }); // AP-T6
    return { tickets: page.tickets, cut: false };
  }
  const inQueue = counts.byQueue(status, queueId);
  if (!inQueue) return { tickets: [], cut: false };
  const page = await mergeTicketLists(nonEmptyUserLists(companyId, status, counts), {
    pageSize: QUEUE_RELEASE_PAGE,
    maxItemsRead: openScan,
    keep: (t) => t.status === status && t.queueId === queueId,
  }); // AP-T7
  return { tickets: page.tickets, cut: page.hasMore && page.tickets.length < Math.min(inQueue, QUEUE_RELEASE_PAGE) };
}

/**
 * Moves up to one page of the queue's tickets to no queue; answers whether some may remain (then a
 * `queue.release` job continues). The activity time is kept, so the lists do not reorder.
 */
export async function releaseQueueTickets(
  companyId: string,
  queueId: string,
  openScan = OPEN_SCAN_REQUEST,
): Promise<boolean> {
  let budget = QUEUE_RELEASE_PAGE;
  let cut = false;
  const moved: TicketRecord[] = [];
  const counts = await readTicketCounts(companyId); // AP-TC1
  for (const status of TICKET_STATUSES) {
    if (budget <= 0) break;
    const page = await firstPage(companyId, queueId, status, counts, openScan);
    cut ||= page.cut;
    const tickets = page.tickets.slice(0, budget);
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
  const more = budget <= 0 || cut;
  if (more) {
    await scheduleDueWork({ companyId, jobType: QUEUE_RELEASE_JOB, jobId: queueId, dueAt: new Date().toISOString() });
  }
  return more;
}

export async function runQueueRelease(job: DueJob): Promise<void> {
  await releaseQueueTickets(job.companyId, job.jobId, OPEN_SCAN_JOB);
}
