/**
 * Issue 26 item 3: the company webhook. Ticket and message events reach the company's URL through the
 * `webhooks` queue (never on the request path), signed with the secret the console showed once; the
 * receiver's verifier (domain/webhooks/webhook-signature.ts, docs/webhooks.md) accepts a real
 * delivery and refuses a tampered or replayed one; failures are retried under the same delivery id
 * and logged for the admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { WEBHOOK_HEADERS } from '@atende/shared';
import { verifyWebhook } from '../src/domain/webhooks/webhook-signature';
import { forgetWebhookConfig } from '../src/domain/webhooks/webhook-config-cache';
import { handler as fanout } from '../src/handlers/fanout/index';
import { handler as webhooks } from '../src/handlers/webhooks/index';
import { apiCall } from './support/api-event';
import { startFakeHttpServer, type SeenRequest } from './support/fake-http-server';
import { sqsEvent } from './support/local-queues';
import {
  createWorkspace,
  customerSays,
  newNumber,
  startWorkspaceEmulators,
  type Workspace,
} from './support/ticket-fixtures';

process.env.INTEGRATION_SECRET_KEY = 'test-integration-key';

let w: Workspace;
let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let receiver: Awaited<ReturnType<typeof startFakeHttpServer>>;
/** The secret the receiver was configured with: the one the console showed. */
let receiverSecret = '';
const verified = (req: SeenRequest) => verifyWebhook(receiverSecret, req.headers, req.rawBody);

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  receiver = await startFakeHttpServer((req) => ({ status: verified(req).ok ? 200 : 401 }));
});
afterAll(async () => {
  await receiver?.stop();
  await queues?.stop();
});

/** The realtime events queued so far go through the fan-out; answers the webhook jobs it queued, as SQS records. */
async function fanOutAndCollectJobs(): Promise<SQSEvent> {
  const events = await queues.take('realtime');
  const result = await fanout(sqsEvent(events.map((e) => ({ body: JSON.stringify(e.body), groupId: e.groupId }))));
  expect(result.batchItemFailures).toEqual([]);
  const jobs = await queues.take('webhooks');
  return sqsEvent(jobs.map((j) => ({ body: JSON.stringify(j.body) })));
}

const receiveCount = (event: SQSEvent, count: number): SQSEvent => ({
  Records: event.Records.map((r) => ({ ...r, attributes: { ...r.attributes, ApproximateReceiveCount: String(count) } })),
});

describe('the company webhook', () => {
  it('shows the signing secret once, and that secret verifies real deliveries', async () => {
    await queues.take('realtime');
    const saved = await apiCall('integrations', 'PUT', '/webhook', {
      token: w.admin.token,
      body: { url: `${receiver.url}/atende` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.secret).toMatch(/^whsec_/);
    receiverSecret = saved.body.secret;
    expect(saved.body.webhook.secretHint).toBe(`whsec_••••${receiverSecret.slice(-4)}`);

    const read = await apiCall('integrations', 'GET', '/webhook', { token: w.admin.token });
    expect(read.body.webhook).toMatchObject({ url: `${receiver.url}/atende`, enabled: true });
    expect(JSON.stringify(read.body)).not.toContain(receiverSecret);
    const again = await apiCall('integrations', 'PUT', '/webhook', {
      token: w.admin.token,
      body: { url: `${receiver.url}/atende` },
    });
    expect(again.body.secret).toBeUndefined();

    // A customer writes: a new ticket and its first message.
    await customerSays(w, { number: newNumber(), name: 'Bia', body: 'Quero um orçamento' });
    const jobs = await fanOutAndCollectJobs();
    expect((await webhooks(jobs)).batchItemFailures).toEqual([]);

    const events = receiver.requests.map((r) => r.json.event).sort();
    expect(events).toEqual(['message.created', 'ticket.created']);
    for (const req of receiver.requests) {
      expect(verified(req)).toEqual({ ok: true });
      expect(req.headers[WEBHOOK_HEADERS.deliveryId]).toBe(req.json.id);
      expect(req.json.companyId).toBe(w.cid);
    }
    const message = receiver.requests.find((r) => r.json.event === 'message.created')!;
    expect(message.json.data.message.body).toBe('Quero um orçamento');

    // The receiver's verifier refuses a tampered body and a replayed (stale) delivery.
    expect(verifyWebhook(receiverSecret, message.headers, message.rawBody.replace('orçamento', 'desconto'))).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const sentAt = Number(message.headers[WEBHOOK_HEADERS.timestamp]);
    expect(verifyWebhook(receiverSecret, message.headers, message.rawBody, sentAt + 3600)).toEqual({
      ok: false,
      reason: 'stale-timestamp',
    });
    // A replay with a fresh timestamp header: the timestamp is signed, so the old signature no longer fits.
    const refreshed = { ...message.headers, [WEBHOOK_HEADERS.timestamp]: String(sentAt + 3600) };
    expect(verifyWebhook(receiverSecret, refreshed, message.rawBody, sentAt + 3600)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifyWebhook('whsec_other', message.headers, message.rawBody)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('retries a failed delivery under the same delivery id, logs every attempt, and delivers once', async () => {
    receiver.requests.length = 0;
    receiver.answerWith(() => ({ status: 503 }));
    const number = newNumber();
    await customerSays(w, { number, body: 'primeira' });
    await queues.take('realtime');
    await customerSays(w, { number, body: 'segunda' }); // same ticket: message.created only
    const jobs = await fanOutAndCollectJobs();
    expect(jobs.Records).toHaveLength(1);

    const first = await webhooks(jobs);
    expect(first.batchItemFailures).toHaveLength(1); // back to the queue: SQS retries, then the DLQ

    receiver.answerWith((req) => ({ status: verified(req).ok ? 200 : 401 }));
    expect((await webhooks(receiveCount(jobs, 2))).batchItemFailures).toEqual([]);
    expect((await webhooks(receiveCount(jobs, 3))).batchItemFailures).toEqual([]); // a late redelivery: not sent again

    expect(receiver.requests).toHaveLength(2);
    const [failed, delivered] = receiver.requests;
    expect(failed!.headers[WEBHOOK_HEADERS.deliveryId]).toBe(delivered!.headers[WEBHOOK_HEADERS.deliveryId]);
    expect(failed!.rawBody).toBe(delivered!.rawBody);
    expect(delivered!.json).toMatchObject({ event: 'message.created', data: { message: { body: 'segunda' } } });

    const log = await apiCall('integrations', 'GET', '/webhook/deliveries', { token: w.admin.token });
    const attempts = log.body.deliveries.filter(
      (d: { deliveryId: string }) => d.deliveryId === delivered!.headers[WEBHOOK_HEADERS.deliveryId],
    );
    expect(attempts.map((a: any) => [a.attempt, a.status, a.httpStatus])).toEqual([
      [2, 'delivered', 200],
      [1, 'failed', 503],
    ]);
    expect(attempts[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('rotating shows a new secret once; deliveries are signed with it from then on', async () => {
    const old = receiverSecret;
    const rotated = await apiCall('integrations', 'POST', '/webhook/rotate', { token: w.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(old);
    receiverSecret = rotated.body.secret;
    receiver.requests.length = 0;

    await customerSays(w, { number: newNumber(), body: 'depois da rotação' });
    expect((await webhooks(await fanOutAndCollectJobs())).batchItemFailures).toEqual([]);
    expect(receiver.requests.length).toBeGreaterThan(0);
    for (const req of receiver.requests) {
      expect(verified(req).ok).toBe(true);
      expect(verifyWebhook(old, req.headers, req.rawBody).ok).toBe(false);
    }
  });

  it('is an admin’s panel, and a switched-off webhook queues nothing', async () => {
    expect((await apiCall('integrations', 'GET', '/webhook', { token: w.operator.token })).status).toBe(403);
    expect(
      (await apiCall('integrations', 'PUT', '/webhook', { token: w.admin.token, body: { url: 'ftp://x' } })).status,
    ).toBe(400);
    await apiCall('integrations', 'PUT', '/webhook', {
      token: w.admin.token,
      body: { url: `${receiver.url}/atende`, enabled: false },
    });
    forgetWebhookConfig();
    await customerSays(w, { number: newNumber(), body: 'ninguém ouve' });
    expect((await fanOutAndCollectJobs()).Records).toEqual([]);
  });
});
