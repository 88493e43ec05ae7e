/** The invoices screen (spec part 2 §2 "Invoices screen"): the company's own, or every company's for super users. */
import { PAGE_SIZE, type InvoiceDto, type InvoiceTotals } from '@atende/shared';
import { deleteInvoice, getInvoice, getInvoiceTotals, queryAllInvoices, queryCompanyInvoices } from '../../data/invoices';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { decodeCursor, encodeCursor } from '../../data/paging';

export interface InvoiceListDto {
  invoices: InvoiceDto[];
  hasMore: boolean;
  cursor?: string;
  totals?: InvoiceTotals;
}

type Query = { status: 'open' | 'paid' | 'all'; cursor?: string; companyId?: string };

/** `GET /invoices/all`: the caller's company only. */
export async function listOwnInvoices(auth: AccessClaims, query: Query): Promise<InvoiceListDto> {
  const page = await queryCompanyInvoices(auth.companyId, query.status, PAGE_SIZE, decodeCursor(query.cursor));
  return { invoices: page.invoices.map(strip), hasMore: !!page.nextCursor, cursor: encodeCursor(page.nextCursor) };
}

/** `GET /invoices/listAll` (super users): every company, or one with the company filter, with the footer sums. */
export async function listAllInvoices(query: Query): Promise<InvoiceListDto> {
  const page = query.companyId
    ? await queryCompanyInvoices(query.companyId, query.status, PAGE_SIZE, decodeCursor(query.cursor))
    : await queryAllInvoices(query.status, PAGE_SIZE, decodeCursor(query.cursor));
  const totals = await getInvoiceTotals(query.companyId);
  return { invoices: page.invoices.map(strip), hasMore: !!page.nextCursor, cursor: encodeCursor(page.nextCursor), totals };
}

export async function removeInvoice(companyId: string, invoiceId: string): Promise<void> {
  const invoice = await getInvoice(companyId, invoiceId);
  if (!invoice) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  await deleteInvoice(invoice);
}

const strip = ({
  upgradePlanId: _p,
  upgradeRecurrence: _r,
  ...dto
}: InvoiceDto & { upgradePlanId?: string; upgradeRecurrence?: string }): InvoiceDto => dto;
