/**
 * The `webhooks` queue's consumer: one delivery attempt per receive. It signs with the secret the
 * console showed (unsealed from the config), posts, and logs the attempt (status, latency). A 2xx
 * marks the delivery done (a redelivered job then does nothing); anything else throws, so SQS retries
 * it after the queue's visibility timeout and, after `maxReceiveCount` receives, parks it in the
 * dead-letter queue. The delivery id and the body stay the same across attempts; only the timestamp
 * and its signature are new.
 */
import * as z from '@atende/shared/zod';
import { ulid } from '@atende/shared/ids';
import { WEBHOOK_EVENTS, WEBHOOK_HEADERS, type WebhookDeliveryDto } from '@atende/shared';
import { getWebhookConfig, markDelivered, putWebhookAttempt, wasDelivered } from '../../data/webhooks';
import { logger } from '../../platform/logger';
import { openSecret } from '../../platform/secret-box';
import { signWebhook } from './webhook-signature';
import type { WebhookJob } from './webhook-events';

export const WEBHOOK_TIMEOUT_MS = 10_000;

const jobSchema = z.object({
  companyId: z.string().check(z.minLength(1), z.maxLength(64)),
  deliveryId: z.string().check(z.minLength(1), z.maxLength(120)),
  event: z.enum(WEBHOOK_EVENTS),
  body: z.string(),
});
export const parseWebhookJob = (body: string): WebhookJob => jobSchema.parse(JSON.parse(body));

export class WebhookDeliveryFailed extends Error {}

export async function deliverWebhook(job: WebhookJob, attempt = 1): Promise<void> {
  if (await wasDelivered(job.companyId, job.deliveryId)) return; // AP-WH3
  const config = await getWebhookConfig(job.companyId); // AP-WH1
  if (!config?.enabled) return; // switched off or removed meanwhile: nobody to deliver to
  const secret = await openSecret(config.secretSealed);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = Date.now();
  let httpStatus: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(config.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Atende-Webhook/1',
        [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, job.body),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.deliveryId]: job.deliveryId,
        [WEBHOOK_HEADERS.event]: job.event,
      },
      body: job.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    httpStatus = res.status;
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
  } catch (err) {
    error = (err as Error).name === 'TimeoutError' ? 'timeout' : `unreachable: ${(err as Error).message}`.slice(0, 200);
  }
  const record: WebhookDeliveryDto = {
    id: ulid(),
    deliveryId: job.deliveryId,
    event: job.event,
    attempt,
    status: error ? 'failed' : 'delivered',
    httpStatus,
    latencyMs: Date.now() - started,
    error,
    at: new Date().toISOString(),
  };
  await putWebhookAttempt(job.companyId, record);
  if (error) {
    logger.warn('webhook delivery failed', { companyId: job.companyId, deliveryId: job.deliveryId, attempt, error });
    throw new WebhookDeliveryFailed(error);
  }
  await markDelivered(job.companyId, job.deliveryId);
}
