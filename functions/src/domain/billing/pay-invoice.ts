/**
 * `POST /subscription` (spec part 2 §7 "Subscription payment"): a Pix charge for one of the caller's
 * company's open invoices, optionally upgrading the plan (published plans only; a company on an
 * unpublished, custom plan cannot upgrade — spec part 2 §4 "Checkout flow"). Asking twice for the
 * same invoice and price reuses the charge.
 */
import type { CheckoutInput, Recurrence } from '@atende/shared';
import { getCompany, getPlatformCompanyId } from '../../data/companies';
import { attachCharge, getInvoice, repriceInvoice } from '../../data/invoices';
import { getPlan } from '../../data/plans';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { pixTxid, type PixCharge } from '../../platform/providers/pix-provider';
import { pixProvider } from '../../platform/providers/pix-provider-factory';
import { periodPrice } from './recurrence';

export const PIX_EXPIRY_SECONDS = 24 * 60 * 60;

export interface SubscriptionChargeDto {
  invoiceId: string;
  txid: string;
  qrcode: { qrcode: string };
  valor: { original: string };
}

export async function payInvoice(auth: AccessClaims, input: CheckoutInput): Promise<SubscriptionChargeDto> {
  const [company, invoice] = await Promise.all([getCompany(auth.companyId), getInvoice(auth.companyId, input.invoiceId)]);
  if (!company || !invoice) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);

  const recurrence: Recurrence = input.recurrence;
  let value = invoice.value;
  if (input.planId !== company.planId || recurrence !== (company.recurrence ?? 'MENSAL')) {
    const [current, target] = await Promise.all([getPlan(company.planId), getPlan(input.planId)]);
    if (current && !current.isPublished) throw new AppError('ERR_PLAN_NOT_PUBLISHED', 400);
    if (!target || !target.isPublished || !target.isActive) throw new AppError('ERR_PLAN_NOT_PUBLISHED', 400);
    value = periodPrice(target, recurrence);
    await repriceInvoice(invoice, value, target.id, recurrence);
  }

  const platformId = await getPlatformCompanyId();
  if (!platformId) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 400);
  const provider = await pixProvider(platformId);
  const txid = pixTxid(`${invoice.id}${Math.round(value * 100)}`);
  const existing = await provider.getCharge(txid);
  const charge: PixCharge =
    existing?.status === 'ATIVA'
      ? existing
      : await provider.createCharge({
          txid,
          amount: value,
          payer: { name: `${input.firstName} ${input.lastName}`.trim() },
          description: invoice.description,
          expiresInSeconds: PIX_EXPIRY_SECONDS,
        });
  await attachCharge(auth.companyId, invoice.id, txid);
  return {
    invoiceId: invoice.id,
    txid,
    qrcode: { qrcode: charge.copyPaste },
    valor: { original: charge.amount.toFixed(2) },
  };
}
