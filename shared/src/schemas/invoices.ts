import * as z from '../zod';
import { MS_PER_DAY } from '../constants';
import { idSchema, pageNumberSchema } from './common';

/** Stored status (spec part 2 §4 "Invoice status"). */
export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceDto {
  id: string;
  companyId: string;
  companyName: string;
  description: string;
  detail: string;
  value: number;
  /** yyyy-mm-dd */
  dueDate: string;
  status: InvoiceStatus;
  txid: string | null;
  paidAt: string | null;
  createdAt: string;
}

export const listInvoicesQuerySchema = z.object({
  status: z._default(z.enum(['open', 'paid', 'all']), 'all'),
  pageNumber: pageNumberSchema,
  cursor: z.optional(z.string().check(z.maxLength(2048))),
  /** Super users only (the all-companies view's company filter). */
  companyId: z.optional(idSchema),
});

/**
 * What the invoices screen shows: Pago if paid; Vencido if the due date is before today and not
 * paid (red tint); otherwise Em aberto.
 */
export function invoiceDisplayStatus(
  invoice: Pick<InvoiceDto, 'status' | 'dueDate'>,
  now = Date.now(),
): 'paid' | 'overdue' | 'open' {
  if (invoice.status === 'paid') return 'paid';
  const startOfToday = Math.floor(now / MS_PER_DAY) * MS_PER_DAY;
  return Date.parse(invoice.dueDate) < startOfToday ? 'overdue' : 'open';
}

export interface InvoiceTotals {
  pending: number;
  paid: number;
  total: number;
}
