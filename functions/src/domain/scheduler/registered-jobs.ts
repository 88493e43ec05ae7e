/**
 * Every job type of the platform, registered in one place so the dispatch Lambda loads them all.
 */
import { INVOICE_JOB, runInvoiceJob } from '../billing/invoice-job';
import { registerJob } from './job-registry';

registerJob(INVOICE_JOB, async (job) => {
  await runInvoiceJob(job);
});
