/**
 * The company webhook (spec part 2 §2 "Settings screen", the Webhook panel; docs/webhooks.md): one URL
 * per company that receives ticket and message events, signed with a per-company secret shown once.
 */
import * as z from '../zod';
import { SAAS_MSG } from './saas-messages';

/** The events a company webhook receives. */
export const WEBHOOK_EVENTS = ['ticket.created', 'ticket.updated', 'message.created'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/**
 * Headers of a delivery. The signature is `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`;
 * the timestamp is Unix seconds; the delivery id stays the same across retries of one event.
 */
export const WEBHOOK_HEADERS = {
  signature: 'x-atende-signature',
  timestamp: 'x-atende-timestamp',
  deliveryId: 'x-atende-delivery',
  event: 'x-atende-event',
} as const;

/** How far a delivery's timestamp may be from the receiver's clock (replay window), in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const notLinkLocal = (value: string) => {
  try {
    return !/^169\.254\./.test(new URL(value).hostname);
  } catch {
    return false;
  }
};

/** PUT /webhook: the URL (http or https), on or off. */
export const webhookConfigSchema = z.object({
  url: z.string({ error: SAAS_MSG.required }).check(
    z.trim(),
    z.minLength(1, SAAS_MSG.required),
    z.maxLength(500, SAAS_MSG.tooLong),
    z.refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && notLinkLocal(v), SAAS_MSG.invalidValue),
  ),
  enabled: z._default(z.boolean(), true),
});
export type WebhookConfigInput = z.output<typeof webhookConfigSchema>;

/** GET /webhook. The secret is never in it: only when it is made (`WebhookSecretAnswer`). */
export interface WebhookConfigDto {
  url: string;
  enabled: boolean;
  /** Masked hint of the current secret (`whsec_••••abcd`), so an admin can tell which one they hold. */
  secretHint: string;
  events: WebhookEventType[];
  createdAt: string;
  secretRotatedAt: string;
}

/** PUT /webhook when it creates the webhook, and POST /webhook/rotate: the secret, this once. */
export interface WebhookSecretAnswer {
  webhook: WebhookConfigDto;
  secret: string;
}

export type WebhookDeliveryStatus = 'delivered' | 'failed';

/** GET /webhook/deliveries: the latest attempts, newest first. */
export interface WebhookDeliveryDto {
  id: string;
  deliveryId: string;
  event: WebhookEventType;
  attempt: number;
  status: WebhookDeliveryStatus;
  /** HTTP status of the answer; null when none came (timeout, refused connection). */
  httpStatus: number | null;
  latencyMs: number;
  error: string | null;
  at: string;
}

/** The JSON body of a delivery. */
export interface WebhookEventBody<T = unknown> {
  id: string;
  event: WebhookEventType;
  companyId: string;
  occurredAt: string;
  data: T;
}
