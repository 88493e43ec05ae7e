/**
 * Issue 27 item 4: the external send API `POST /api/messages/send` (a connection's bearer token) and
 * its OpenAPI document. Errors (401, 400, 413, 429 with Retry-After, 422), idempotency, tenant
 * isolation, multipart media, and the document's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import { EXTERNAL_SEND_MAX_BYTES, EXTERNAL_SEND_RATE_LIMIT, generateApiToken } from '@atende/shared';
import { findContactIdByKey, getContact } from '../src/data/contacts';
import { getConversation, getTicket } from '../src/data/tickets';
import { handler } from '../src/handlers/messages/index';
import { apiCall, buildApiEvent, lambdaContext, toApiCallResult } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import { companyWithToken, newNumber, queuedSends, send } from './support/external-api-client';
import { startMediaBucket } from './support/media-bucket';

const env = useApiWithQueues();
let media: Awaited<ReturnType<typeof startMediaBucket>>;
beforeAll(async () => {
  media = await startMediaBucket();
});
afterAll(async () => {
  await media?.stop();
});

/** A multipart request as a browser's FormData sends it, base64-encoded as API Gateway hands binary bodies over. */
async function sendMultipart(token: string, form: FormData, headers: Record<string, string> = {}) {
  const request = new Request('http://local/api/messages/send', { method: 'POST', body: form });
  const bytes = Buffer.from(await request.arrayBuffer());
  const event = buildApiEvent('POST', '/messages/send', {
    token,
    headers: { 'Content-Type': request.headers.get('content-type')!, ...headers },
  });
  event.body = bytes.toString('base64');
  event.isBase64Encoded = true;
  return toApiCallResult<any>(await handler(event, lambdaContext()));
}

const outbound = queuedSends(env);

describe('authentication', () => {
  it('refuses a missing, malformed, unknown or replaced token with 401, and a company without the API option with 403', async () => {
    const a = await companyWithToken();
    const body = { number: newNumber(), body: 'Olá' };
    expect((await send(undefined, body)).status).toBe(401);
    expect((await send('not a token!', body)).status).toBe(401);
    expect((await send('x'.repeat(5000), body)).status).toBe(401);
    const unknown = await send(generateApiToken(), body);
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('ERR_INVALID_CREDENTIALS');
    // an access token (JWT) of the company is not an API token
    expect((await send(a.admin.token, body)).status).toBe(401);

    const replaced = generateApiToken();
    const edit = await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
      token: a.admin.token,
      pathParameters: { id: a.connectionId },
      body: { token: replaced },
    });
    expect(edit.status).toBe(200);
    expect((await send(a.apiToken, body)).status).toBe(401);
    expect((await send(replaced, body)).status).toBe(201);

    const off = await companyWithToken({ useApi: false });
    const refused = await send(off.apiToken, body);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_FEATURE_UNAVAILABLE');
    await outbound();
  });
});

describe('sending', () => {
  it('normalises the number, finds or creates the contact and ticket, and queues the text on the token’s connection', async () => {
    const a = await companyWithToken();
    const number = newNumber();
    const res = await send(a.apiToken, { number: `+${number}`, body: 'Seu pedido saiu para entrega' });
    expect(res.status).toBe(201);
    expect(res.body.number).toBe(`+${number}`);
    expect(res.body.messageIds).toHaveLength(1);

    const contactId = await findContactIdByKey(a.company.id, 'number', number);
    expect(res.body.contactId).toBe(contactId);
    const ticket = await getTicket(a.company.id, res.body.ticketId);
    expect(ticket?.contactId).toBe(contactId);
    expect(ticket?.connectionId).toBe(a.connectionId);

    const commands = await outbound();
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      type: 'message.send',
      companyId: a.company.id,
      connectionId: a.connectionId,
      to: `${number}@s.whatsapp.net`,
      text: 'Seu pedido saiu para entrega',
    });

    // a second send to the same number lands on the same contact and open ticket
    const again = await send(a.apiToken, { number, body: 'Chegou?' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ contactId, ticketId: res.body.ticketId });
    expect(await outbound()).toHaveLength(1);
  });

  it('answers 400 for an invalid number or body, with the field', async () => {
    const a = await companyWithToken();
    for (const number of ['123', '5511987654321abc', '+999123456789', '55 11 98765-4321', '']) {
      const res = await send(a.apiToken, { number, body: 'Oi' });
      expect(res.status, number).toBe(400);
      expect(res.body.error).toBe('ERR_VALIDATION');
      expect(res.body.fields.number).toBeTruthy();
    }
    const invalid = await send(a.apiToken, { number: '123', body: 'Oi' });
    expect(invalid.body.fields.number).toBe('validation.externalApi.invalidNumber');
    const noBody = await send(a.apiToken, { number: newNumber() });
    expect(noBody.status).toBe(400);
    expect(noBody.body.fields.body).toBe('validation.required');
    expect((await send(a.apiToken, '{not json')).status).toBe(400);
    expect(await outbound()).toHaveLength(0);
  });

  it('answers 413 for a request over the limit', async () => {
    const a = await companyWithToken();
    const res = await send(a.apiToken, { number: newNumber(), body: 'x'.repeat(EXTERNAL_SEND_MAX_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('ERR_PAYLOAD_TOO_LARGE');
  });

  it('sends multipart files, one message per file after the caption', async () => {
    const a = await companyWithToken();
    const number = newNumber();
    const form = new FormData();
    form.set('number', number);
    form.set('body', 'Segue o boleto');
    form.append('medias', new Blob([Buffer.from('%PDF-1.4 fake')], { type: 'application/pdf' }), 'boleto.pdf');
    form.append('medias', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'logo.png');
    const res = await sendMultipart(a.apiToken, form);
    expect(res.status).toBe(201);
    expect(res.body.messageIds).toHaveLength(3);
    const commands = await outbound();
    expect(commands.map((c) => c.text ?? c.media?.fileName)).toEqual(['Segue o boleto', 'boleto.pdf', 'logo.png']);
    expect(commands[1].media).toMatchObject({ kind: 'document', mimetype: 'application/pdf' });
    expect(commands[1].media.key.startsWith(`C#${a.company.id}/`)).toBe(true);

    const blocked = new FormData();
    blocked.set('number', number);
    blocked.append('medias', new Blob(['echo'], { type: 'application/x-sh' }), 'run.sh');
    const refused = await sendMultipart(a.apiToken, blocked);
    expect(refused.status).toBe(400);
    expect(refused.body.fields.medias).toBe('validation.message.blockedType');
    expect(await outbound()).toHaveLength(0);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the per-token limit, and other tokens are unaffected', async () => {
    const a = await companyWithToken();
    const b = await companyWithToken();
    // Invalid requests count too (the limit protects the lookup and validation as well).
    for (let i = 0; i < EXTERNAL_SEND_RATE_LIMIT.requests; i++)
      expect((await send(a.apiToken, { number: '1', body: 'x' })).status).toBe(400);
    const limited = await send(a.apiToken, { number: newNumber(), body: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('ERR_RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(EXTERNAL_SEND_RATE_LIMIT.windowSeconds);
    expect((await send(b.apiToken, { number: newNumber(), body: 'x' })).status).toBe(201);
    await outbound();
  }, 60_000);
});

describe('Idempotency-Key', () => {
  it('the same key twice sends once and answers the first answer; another body with it is 422', async () => {
    const a = await companyWithToken();
    const number = newNumber();
    const headers = { 'Idempotency-Key': 'pedido-123' };
    const first = await send(a.apiToken, { number, body: 'Pedido confirmado' }, headers);
    expect(first.status).toBe(201);
    const retry = await send(a.apiToken, { number, body: 'Pedido confirmado' }, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await outbound()).toHaveLength(1);

    const other = await send(a.apiToken, { number, body: 'Outro texto' }, headers);
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('ERR_IDEMPOTENCY_KEY_REUSED');

    // another key (or none) is another send
    expect((await send(a.apiToken, { number, body: 'Pedido confirmado' }, { 'Idempotency-Key': 'pedido-124' })).status).toBe(
      201,
    );
    expect(await outbound()).toHaveLength(1);
  });

  it('concurrent retries with one key record and queue one message', async () => {
    const a = await companyWithToken();
    const number = newNumber();
    const headers = { 'Idempotency-Key': 'simultaneo' };
    const answers = await Promise.all([1, 2, 3].map(() => send(a.apiToken, { number, body: 'Uma vez só' }, headers)));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.messageIds[0])).size).toBe(1);
    const commands = await outbound();
    expect(new Set(commands.map((c) => c.commandId)).size).toBe(1);
  });

  it('a multipart retry (a new boundary) with the same key and files is the same request', async () => {
    const a = await companyWithToken();
    const number = newNumber();
    const form = (content: string) => {
      const f = new FormData();
      f.set('number', number);
      f.append('medias', new Blob([content], { type: 'text/plain' }), 'nota.txt');
      return f;
    };
    const headers = { 'Idempotency-Key': 'upload-1' };
    const first = await sendMultipart(a.apiToken, form('conteúdo'), headers);
    expect(first.status).toBe(201);
    const retry = await sendMultipart(a.apiToken, form('conteúdo'), headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await outbound()).toHaveLength(1);
    expect((await sendMultipart(a.apiToken, form('outro conteúdo'), headers)).status).toBe(422);
  });

  it('keys are per token: the same key from another company sends for that company', async () => {
    const a = await companyWithToken();
    const b = await companyWithToken();
    const headers = { 'Idempotency-Key': 'shared-key' };
    const fromA = await send(a.apiToken, { number: newNumber(), body: 'A' }, headers);
    const fromB = await send(b.apiToken, { number: newNumber(), body: 'B' }, headers);
    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(201);
    expect(fromB.body.ticketId).not.toBe(fromA.body.ticketId);
    await outbound();
  });
});

describe('tenant isolation', () => {
  it("a company's token reaches only its own contacts and tickets, whatever the body says", async () => {
    const a = await companyWithToken();
    const b = await companyWithToken();
    const number = newNumber();
    const fromB = await send(b.apiToken, { number, body: 'Contato da B' });
    expect(fromB.status).toBe(201);

    const fromA = await send(a.apiToken, { number, body: 'Contato da A', companyId: b.company.id });
    expect(fromA.status).toBe(201);
    expect(fromA.body.contactId).not.toBe(fromB.body.contactId);
    expect(fromA.body.ticketId).not.toBe(fromB.body.ticketId);
    expect((await getContact(a.company.id, fromA.body.contactId))?.companyId).toBe(a.company.id);
    expect(await getContact(b.company.id, fromA.body.contactId)).toBeUndefined();
    expect(await getTicket(b.company.id, fromA.body.ticketId)).toBeUndefined();
    // B's conversation is untouched: still the ticket B's own send started
    const pointer = await getConversation(b.company.id, b.connectionId, fromB.body.contactId);
    expect(pointer?.ticketId).toBe(fromB.body.ticketId);
    const commands = await outbound();
    expect(commands.find((c) => c.text === 'Contato da A')).toMatchObject({
      companyId: a.company.id,
      connectionId: a.connectionId,
    });
  });
});

describe('OpenAPI document', () => {
  it('is public JSON (OpenAPI 3.1) describing the send route with schemas that validate as the API does', async () => {
    const res = await apiCall('messages', 'GET', '/openapi.json', {});
    expect(res.status).toBe(200);
    // Like every public route, it refuses a bearer token that does not verify (the hostile-input suite).
    expect((await apiCall('messages', 'GET', '/openapi.json', { token: 'whatever-stale' })).status).toBe(401);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const post = doc.paths['/api/messages/send'].post;
    expect(Object.keys(post.requestBody.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '413', '422', '429']));
    expect(post.responses['429'].headers['Retry-After']).toBeTruthy();

    const ajv = new Ajv2020({ strict: false });
    const sendText = ajv.compile(doc.components.schemas.SendText);
    expect(sendText({ number: '5511987654321', body: 'Oi' })).toBe(true);
    expect(sendText({ number: '5511987654321' })).toBe(false);
    expect(sendText({ number: '55 11', body: 'Oi' })).toBe(false);
    expect(
      ajv.compile(doc.components.schemas.SendAnswer)({ number: '+55', contactId: 'c', ticketId: 't', messageIds: [] }),
    ).toBe(true);
  });
});
