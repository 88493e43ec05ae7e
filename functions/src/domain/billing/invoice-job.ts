/**
 * The invoice job: each company's next invoice is created INVOICE_LEAD_DAYS before its due date,
 * through the due-work index (one entry per company and period — never a sweep over every company).
 * Idempotent: the period lock makes a second run, a redelivery or a concurrent run a no-op.
 */
import { ulid } from '@atende/shared/ids';
import { MS_PER_DAY } from '@atende/shared';
import { getCompany } from '../../data/companies';
import { findInvoiceIdForPeriod, insertInvoice, type InvoiceRecord } from '../../data/invoices';
import type { DueJob } from '../../data/due-work';
import { getPlan } from '../../data/plans';
import { TransactionConditionFailed, type LabelledItem } from '../../data/transactions';
import { dueWorkWrite, scheduleDueWork } from '../scheduler/due-work';
import { advanceDueDate, dateOnly, periodPrice } from './recurrence';

export const INVOICE_JOB = 'billing.invoice';
export const INVOICE_LEAD_DAYS = 10;

/** The due-index entry of the invoice paying `dueDate`: INVOICE_LEAD_DAYS before it, or now when that is past. */
export function nextInvoiceJob(companyId: string, dueDate: string, now = new Date()): DueJob {
  const period = dateOnly(dueDate);
  const at = new Date(Math.max(Date.parse(period) - INVOICE_LEAD_DAYS * MS_PER_DAY, now.getTime()));
  return { companyId, jobType: INVOICE_JOB, jobId: period, dueAt: at.toISOString() };
}

/** scheduleNextInvoice as a transaction item, for a caller that records in the same write that it scheduled it. */
export const nextInvoiceWrite = (companyId: string, dueDate: string, now = new Date()): LabelledItem =>
  dueWorkWrite(nextInvoiceJob(companyId, dueDate, now), now);

/** Puts the company's next invoice on the due index (call after creating a company or moving its due date). */
export async function scheduleNextInvoice(companyId: string, dueDate: string, now = new Date()): Promise<void> {
  await scheduleDueWork(nextInvoiceJob(companyId, dueDate, now), now);
}

/** Creates the invoice of the period `job.jobId` (the due date it pays) unless it exists. */
export async function runInvoiceJob(job: DueJob): Promise<InvoiceRecord | undefined> {
  const company = await getCompany(job.companyId);
  if (!company || company.isPlatform || !company.dueDate) return undefined;
  const period = job.jobId;
  // The due date moved since this entry was written (a payment, a super user): that period is gone.
  if (dateOnly(company.dueDate) !== period) return undefined;
  if (await findInvoiceIdForPeriod(company.id, period)) return undefined;
  const plan = await getPlan(company.planId);
  if (!plan) return undefined;
  const recurrence = company.recurrence ?? 'MENSAL';
  const invoice: InvoiceRecord = {
    id: ulid(),
    companyId: company.id,
    companyName: company.name,
    description: `Plano ${plan.name}`,
    detail: `${recurrence} · ${period} → ${advanceDueDate(period, recurrence)}`,
    value: periodPrice(plan, recurrence),
    dueDate: period,
    status: 'open',
    txid: null,
    paidAt: null,
    createdAt: new Date().toISOString(),
  };
  try {
    await insertInvoice(invoice);
    return invoice;
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('period')) return undefined;
    throw err;
  }
}
