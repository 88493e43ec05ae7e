/**
 * Efí's Pix webhook. Efí calls the registered URL with mutual TLS; API Gateway's regional endpoint
 * does not verify client certificates without a custom domain, so the URL carries a secret instead
 * (`?hmac=<secret>&ignorar=`, the scheme Efí documents for endpoints without mTLS: `ignorar=` stops
 * it appending `/pix`). The secret is compared in constant time; the body only names txids, each
 * read back from Efí before anything is marked paid (pix-notification.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import * as z from '@atende/shared/zod';
import { AppError } from '../../platform/app-error';
import { readProviderCredentials } from '../../platform/provider-credentials';
import { processPixPayment, type PixOutcome } from './pix-notification';

export const pixWebhookBodySchema = z.object({
  pix: z._default(
    z.array(z.object({ txid: z.string().check(z.minLength(1), z.maxLength(35)) })).check(z.maxLength(100)),
    [],
  ),
});

/**
 * `PIX_WEBHOOK_SECRET` locally; in AWS the token the stack generated into the provider-credentials
 * secret (`pixWebhookToken`).
 */
export async function assertWebhookSecret(given: string | undefined): Promise<void> {
  const expected = process.env.PIX_WEBHOOK_SECRET || (await readProviderCredentials()).pixWebhookToken;
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected ?? '');
  if (!expected || a.length !== b.length || !timingSafeEqual(a, b)) throw new AppError('ERR_UNAUTHORIZED', 401);
}

/** Efí's registration test posts a body without `pix`: it is answered 200 with nothing to do. */
export async function handlePixWebhook(body: z.output<typeof pixWebhookBodySchema>): Promise<Record<string, PixOutcome>> {
  const outcomes: Record<string, PixOutcome> = {};
  for (const { txid } of body.pix) outcomes[txid] = await processPixPayment(txid);
  return outcomes;
}
