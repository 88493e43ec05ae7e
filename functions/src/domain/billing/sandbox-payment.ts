/**
 * Local mode's 'simulate payment' (checkout dialog): what the payer's bank and Efí would do — the
 * sandbox charge becomes CONCLUIDA, then the same notification path as the real webhook runs.
 */
import { getPlatformCompanyId } from '../../data/companies';
import { getInvoice } from '../../data/invoices';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { pixProvider } from '../../platform/providers/pix-provider-factory';
import { SandboxPixProvider } from '../../platform/providers/sandbox-pix';
import { processPixPayment, type PixOutcome } from './pix-notification';

export async function simulateSandboxPayment(auth: AccessClaims, invoiceId: string): Promise<PixOutcome> {
  const invoice = await getInvoice(auth.companyId, invoiceId);
  if (!invoice?.txid) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  const platformId = await getPlatformCompanyId();
  const provider = platformId ? await pixProvider(platformId) : undefined;
  if (process.env.LOCAL_MODE !== 'true' || !(provider instanceof SandboxPixProvider))
    throw new AppError('ERR_NOT_FOUND', 404);
  await provider.simulatePayment(invoice.txid);
  return processPixPayment(invoice.txid);
}
