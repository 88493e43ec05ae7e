/**
 * Every job type of the platform, registered in one place so the dispatch Lambda loads them all.
 */
import { INVOICE_JOB, runInvoiceJob } from '../../domain/billing/invoice-job';
import { AUTO_CLOSE_JOB, AUTO_TRANSFER_JOB, runAutoClose, runAutoTransfer } from '../../domain/bots/ticket-timers';
import { COMPANY_PURGE_JOB, runCompanyPurge } from '../../domain/company-admin/delete-company';
import { SCHEDULE_SEND_JOB } from '../../domain/schedules/schedule-job';
import { runScheduledSend } from '../../domain/schedules/send-scheduled-message';
import { registerJob } from '../../domain/scheduler/job-registry';
import { QUEUE_RELEASE_JOB, runQueueRelease } from '../../domain/tickets/release-queue';
import { runTicketSweep, TICKET_SWEEP_JOB } from '../../domain/tickets/sweep-deleted-ticket';

registerJob(AUTO_TRANSFER_JOB, runAutoTransfer);
registerJob(AUTO_CLOSE_JOB, runAutoClose);
registerJob(SCHEDULE_SEND_JOB, runScheduledSend);
registerJob(QUEUE_RELEASE_JOB, runQueueRelease);
registerJob(TICKET_SWEEP_JOB, async (job) => {
  await runTicketSweep(job);
});
registerJob(INVOICE_JOB, async (job) => {
  await runInvoiceJob(job);
});
registerJob(COMPANY_PURGE_JOB, async (job) => {
  await runCompanyPurge(job);
});
