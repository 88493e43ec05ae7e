/**
 * A Pix payment notification (Efí's webhook, or the sandbox's 'simulate payment'). The body is only
 * a hint: the charge is read back from the provider, and the invoice is marked paid only when the
 * provider says CONCLUIDA for at least its value. Marking paid is conditional on the invoice still
 * being open, in the same transaction that moves the company's due date by its recurrence — so a
 * replayed notification changes nothing and no payment extends the due date twice.
 */
import type { Recurrence } from '@atende/shared';
import { companyDueDateUpdate, getCompany, getPlatformCompanyId } from '../../data/companies';
import { findInvoiceByTxid, getInvoice, markInvoicePaid } from '../../data/invoices';
import { TransactionConditionFailed } from '../../data/transactions';
import { logger } from '../../platform/logger';
import { pixProvider } from '../../platform/providers/pix-provider-factory';
import { publishPaymentConcluded } from './billing-events';
import { scheduleNextInvoice } from './invoice-job';
import { advanceDueDate, dateOnly } from './recurrence';

export type PixOutcome = 'paid' | 'already-paid' | 'unknown-txid' | 'not-paid-yet';

const DUE_DATE_RACE_RETRIES = 3;

export async function processPixPayment(txid: string): Promise<PixOutcome> {
  const ref = await findInvoiceByTxid(txid);
  if (!ref) return 'unknown-txid';
  const platformId = await getPlatformCompanyId();
  if (!platformId) return 'not-paid-yet';
  const charge = await (await pixProvider(platformId)).getCharge(txid);

  for (let attempt = 0; attempt < DUE_DATE_RACE_RETRIES; attempt++) {
    const [invoice, company] = await Promise.all([getInvoice(ref.companyId, ref.invoiceId), getCompany(ref.companyId)]);
    if (!invoice || !company) return 'unknown-txid';
    if (invoice.status === 'paid') return 'already-paid';
    if (charge?.status !== 'CONCLUIDA' || charge.amount + 0.005 < invoice.value) return 'not-paid-yet';

    const recurrence = (invoice.upgradeRecurrence ?? company.recurrence ?? 'MENSAL') as Recurrence;
    const base = company.dueDate ? dateOnly(company.dueDate) : invoice.dueDate;
    const newDueDate = advanceDueDate(base > invoice.dueDate ? base : invoice.dueDate, recurrence);
    const switchTo = invoice.upgradePlanId ? { planId: invoice.upgradePlanId, recurrence } : undefined;
    try {
      const paid = await markInvoicePaid(invoice, new Date().toISOString(), [
        companyDueDateUpdate(company.id, company.dueDate, newDueDate, switchTo),
      ]);
      if (!paid) return 'already-paid';
      await scheduleNextInvoice(company.id, newDueDate);
      await publishPaymentConcluded(company.id, newDueDate);
      logger.info('invoice paid', { companyId: company.id, invoiceId: invoice.id, newDueDate });
      return 'paid';
    } catch (err) {
      // Someone moved the due date meanwhile ('+ Vencimento'): read again and extend from there.
      if (err instanceof TransactionConditionFailed && err.has('companyDueDate')) continue;
      throw err;
    }
  }
  throw new Error(`due date of company ${ref.companyId} kept moving while paying ${txid}`);
}
