/**
 * Signing a webhook delivery, and the verifier a receiver runs (docs/webhooks.md carries the same code
 * as a snippet). The signed text is `<timestamp>.<raw body>`: the timestamp is signed too, so a
 * captured delivery cannot be replayed with a fresh timestamp, and the receiver refuses timestamps
 * outside its tolerance window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_TOLERANCE_SECONDS } from '@atende/shared';

export const signWebhook = (secret: string, timestamp: number, rawBody: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;

export type WebhookVerdict = { ok: true } | { ok: false; reason: 'missing-headers' | 'stale-timestamp' | 'bad-signature' };

/** The receiver's side: headers as received (any case), the body exactly as received (before JSON parsing). */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): WebhookVerdict {
  const header = (name: string) => {
    const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
    return Array.isArray(entry) ? entry[0] : entry;
  };
  const signature = header(WEBHOOK_HEADERS.signature);
  const timestamp = Number(header(WEBHOOK_HEADERS.timestamp));
  if (!signature || !Number.isInteger(timestamp)) return { ok: false, reason: 'missing-headers' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale-timestamp' };
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  return { ok: true };
}
