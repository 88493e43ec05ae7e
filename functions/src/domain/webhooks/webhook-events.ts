/**
 * THE WEBHOOK SEAM: every realtime event passes through the fan-out (handlers/fanout), which hands its
 * batch here. Ticket and message events of companies with an enabled webhook become delivery jobs on
 * the `webhooks` queue; nothing here calls the receiver, so no request and no fan-out waits on it.
 *
 * - `company-<cid>-ticket` `update` → `ticket.created` the first time a ticket is announced (a
 *   conditional marker per ticket, claimed by that event id so a redelivery still says "created"),
 *   `ticket.updated` afterwards; a ticket created before the webhook existed is announced as created
 *   only if it was created within ANNOUNCE_WINDOW_MS of the event;
 * - `company-<cid>-appMessage` `create` → `message.created`.
 *
 * The delivery id is derived from the realtime event id, so a redelivered fan-out batch queues the
 * same delivery again and the sender drops it (deliver-webhook.ts).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { toQueueBody, type WebhookEventBody, type WebhookEventType } from '@atende/shared';
import { claimTicketAnnouncement } from '../../data/webhooks';
import { queueUrl, sqsClient } from '../../platform/queues';
import type { RealtimeQueueEvent } from '../../platform/realtime-publisher';
import { hasEnabledWebhook } from './webhook-config-cache';

export const WEBHOOKS_QUEUE = 'webhooks';
const ANNOUNCE_WINDOW_MS = 10 * 60_000;

/** A job on the `webhooks` queue: the event's body, serialised once, signed at each attempt. */
export interface WebhookJob {
  companyId: string;
  deliveryId: string;
  event: WebhookEventType;
  body: string;
}

async function toBody(e: RealtimeQueueEvent): Promise<WebhookEventBody | undefined> {
  const base = { id: `dlv_${e.eventId}`, companyId: e.companyId, occurredAt: e.publishedAt };
  if (e.kind === 'appMessage') {
    const data = e.data as Extract<RealtimeQueueEvent<'appMessage'>['data'], { action: 'create' | 'update' }>;
    if (data.action !== 'create') return undefined;
    return {
      ...base,
      event: 'message.created',
      data: { message: data.message, contact: data.contact, ticket: data.ticket ?? null },
    };
  }
  if (e.kind === 'ticket') {
    const data = (e as RealtimeQueueEvent<'ticket'>).data;
    if (data.action !== 'update') return undefined;
    const createdAt = (data.ticket as { createdAt?: string }).createdAt;
    const fresh = !!createdAt && Date.parse(e.publishedAt) - Date.parse(createdAt) < ANNOUNCE_WINDOW_MS;
    const created = fresh && (await claimTicketAnnouncement(e.companyId, data.ticket.id, e.eventId));
    return { ...base, event: created ? 'ticket.created' : 'ticket.updated', data: { ticket: data.ticket } };
  }
  return undefined;
}

const relevant = (e: RealtimeQueueEvent) =>
  (e.kind === 'ticket' && (e.data as { action: string }).action === 'update') ||
  (e.kind === 'appMessage' && (e.data as { action: string }).action === 'create');

/** Queues the deliveries of a fan-out batch. Throws when one cannot be queued (the batch is retried). */
export async function queueWebhookDeliveries(events: readonly RealtimeQueueEvent[]): Promise<void> {
  if (!process.env.QUEUE_URL_WEBHOOKS) return; // no webhook queue wired (unit tests, scripts)
  const candidates = events.filter(relevant);
  const companies = [...new Set(candidates.map((e) => e.companyId))];
  const withWebhook = new Set(
    (await Promise.all(companies.map(async (cid) => ((await hasEnabledWebhook(cid)) ? cid : undefined)))).filter(Boolean),
  );
  // In order per ticket: a ticket's "created" is claimed before its later updates are judged.
  for (const event of candidates.filter((e) => withWebhook.has(e.companyId))) {
    const body = await toBody(event);
    if (!body) continue;
    const job: WebhookJob = {
      companyId: event.companyId,
      deliveryId: body.id,
      event: body.event,
      body: JSON.stringify(body),
    };
    await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl(WEBHOOKS_QUEUE), MessageBody: toQueueBody(job) }));
  }
}
