/**
 * Pix charges through a payment provider (ARCHITECTURE.md "Payment webhooks are authenticated; the
 * Pix provider (Efí) is an interface with a sandbox implementation for local mode"). Amounts are
 * BRL with two decimals. The webhook only says "look at txid": the charge's real state is always
 * read back from the provider before an invoice is marked paid.
 */
export interface PixChargeRequest {
  /** 26–35 alphanumeric characters (the Pix `txid` rules); derived from the invoice. */
  txid: string;
  amount: number;
  payer: { name: string; taxId?: string };
  description: string;
  expiresInSeconds: number;
}

export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  amount: number;
  /** The "Pix copia e cola" BR Code the payer pastes or scans. */
  copyPaste: string;
}

export interface PixProvider {
  readonly name: 'efi' | 'sandbox';
  createCharge(request: PixChargeRequest): Promise<PixCharge>;
  getCharge(txid: string): Promise<PixCharge | undefined>;
}

/** Pix txid: 26 to 35 characters of [a-zA-Z0-9] (BACEN's rule for immediate charges). */
export function pixTxid(invoiceId: string, attempt = 0): string {
  const base = `INV${invoiceId.replace(/[^a-zA-Z0-9]/g, '')}${attempt ? `R${attempt}` : ''}`;
  return base.padEnd(26, '0').slice(0, 35);
}

export const formatBrl = (amount: number): string => amount.toFixed(2);
