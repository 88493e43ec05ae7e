/**
 * Every job type of the platform, registered in one place so the dispatch Lambda loads them all.
 */
import { AUTO_CLOSE_JOB, AUTO_TRANSFER_JOB, runAutoClose, runAutoTransfer } from '../../domain/bots/ticket-timers';
import { registerJob } from '../../domain/scheduler/job-registry';

registerJob(AUTO_TRANSFER_JOB, runAutoTransfer);
registerJob(AUTO_CLOSE_JOB, runAutoClose);

import { INVOICE_JOB, runInvoiceJob } from '../../domain/billing/invoice-job';

registerJob(INVOICE_JOB, async (job) => {
  await runInvoiceJob(job);
});

import { COMPANY_PURGE_JOB, runCompanyPurge } from '../../domain/company-admin/delete-company';

registerJob(COMPANY_PURGE_JOB, async (job) => {
  await runCompanyPurge(job);
});
