/**
 * The local sandbox Pix provider: a real, scannable BR Code (pix-utils) for a fake key, and a charge
 * that becomes CONCLUIDA only when someone presses 'simulate payment' in the console (local mode).
 * The platform picks Efí as soon as its credentials are configured (pix-provider-factory.ts).
 */
import { createStaticPix } from 'pix-utils';
import { getSandboxCharge, markSandboxChargePaid, putSandboxCharge } from '../../data/pix-sandbox';
import type { PixCharge, PixChargeRequest, PixProvider } from './pix-provider';

const SANDBOX_KEY = 'sandbox@atende.local';

export class SandboxPixProvider implements PixProvider {
  readonly name = 'sandbox' as const;

  async createCharge(req: PixChargeRequest): Promise<PixCharge> {
    const existing = await getSandboxCharge(req.txid);
    if (existing) return existing;
    const copyPaste = createStaticPix({
      merchantName: 'Atende Sandbox',
      merchantCity: 'Sao Paulo',
      pixKey: SANDBOX_KEY,
      infoAdicional: req.description.slice(0, 40),
      transactionAmount: req.amount,
      txid: req.txid.slice(0, 25),
    })
      .throwIfError()
      .toBRCode();
    const charge = {
      txid: req.txid,
      amount: req.amount,
      status: 'ATIVA' as const,
      copyPaste,
      createdAt: new Date().toISOString(),
    };
    await putSandboxCharge(charge);
    return charge;
  }

  getCharge(txid: string): Promise<PixCharge | undefined> {
    return getSandboxCharge(txid);
  }

  /** What a payer's bank does in real life; only reachable in local mode. */
  simulatePayment(txid: string): Promise<void> {
    return markSandboxChargePaid(txid);
  }
}
