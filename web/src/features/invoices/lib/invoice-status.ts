import { invoiceDisplayStatus, type InvoiceDto } from '@atende/shared';

export type InvoiceDisplayStatus = ReturnType<typeof invoiceDisplayStatus>;

/** Badge colour per displayed status (spec part 2 §4: Pago, Vencido with a red tint, Em aberto). */
export const STATUS_PALETTE: Record<InvoiceDisplayStatus, 'green' | 'red' | 'orange'> = {
  paid: 'green',
  overdue: 'red',
  open: 'orange',
};

export const isPayable = (invoice: Pick<InvoiceDto, 'status'>) => invoice.status !== 'paid';

/** The invoice an upgrade is paid with: the oldest one still open. */
export function upgradeInvoice(invoices: InvoiceDto[]): InvoiceDto | undefined {
  return invoices.filter(isPayable).sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
}
