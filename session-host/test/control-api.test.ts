/** The simulator control API (docs/simulator-api.md) over HTTP, on a host with the simulator adapter. */
import { request } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionHost } from '../src/host';
import { MemoryEventSink } from '../src/queues/inbound-publisher';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { isStatus, startHost } from './support/host-harness';
import { CONSOLE_TOKEN_SECRET, consoleToken } from './support/console-token';

describe('simulator control API', () => {
  let env: TestEnvironment;
  let host: SessionHost;
  let sink: MemoryEventSink;
  let base = '';
  const ids = { companyId: 'co-api', connectionId: 'cn-api' };
  const SECRET = CONSOLE_TOKEN_SECRET;
  let token = '';

  beforeAll(async () => {
    env = await createTestEnvironment();
    env.config.simulatorPort = 0;
    env.config.consoleTokenSecret = SECRET;
    token = await consoleToken(ids.companyId);
    ({ host, sink } = startHost(env));
    await host.start();
    base = `http://127.0.0.1:${host.ports.simulator}`;
    await env.sendCommand(command('session.start', ids, { adapter: 'simulator' }));
    await sink.waitFor(isStatus(ids.connectionId, 'qrcode'), 10_000);
  });
  afterAll(async () => {
    await host.stop();
    env.destroy();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('lists simulated connections with their QR, and scans one', async () => {
    const listed = await call('GET', '/connections');
    expect(listed.body.connections).toEqual([
      expect.objectContaining({
        connectionId: 'cn-api',
        companyId: 'co-api',
        status: 'qrcode',
        qr: expect.any(String),
        number: null,
      }),
    ]);

    expect((await call('POST', '/connections/cn-api/scan', { number: 'abc' })).status).toBe(400);
    const scanned = await call('POST', '/connections/cn-api/scan', { number: '5511933334444' });
    expect(scanned.status).toBe(200);
    await sink.waitFor(isStatus('cn-api', 'CONNECTED'), 10_000);
    expect((await call('GET', '/connections/cn-api')).body.connection).toMatchObject({
      status: 'CONNECTED',
      qr: null,
      number: '5511933334444',
    });
    expect((await call('POST', '/connections/cn-api/scan')).status).toBe(409);
  });

  it('creates contacts that send text and media, and shows the replies with acks', async () => {
    expect((await call('POST', '/connections/cn-api/contacts', { name: 'Maria', number: '12' })).status).toBe(400);
    const created = await call('POST', '/connections/cn-api/contacts', { name: 'Maria', number: '5511988887777' });
    expect(created.status).toBe(201);
    expect(created.body.contact).toMatchObject({
      number: '5511988887777',
      name: 'Maria',
      lid: expect.stringMatching(/@lid$/),
      lidOnly: false,
    });
    expect((await call('POST', '/connections/cn-api/contacts', { name: 'Maria S.', number: '5511988887777' })).status).toBe(
      200,
    );

    const text = await call('POST', '/connections/cn-api/contacts/5511988887777/messages', { text: 'Olá' });
    expect(text.status).toBe(201);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const media = await call('POST', '/connections/cn-api/contacts/5511988887777/messages', {
      text: 'print',
      media: { fileName: 'tela.png', mimetype: 'image/png', base64: png.toString('base64') },
    });
    expect(media.body.message.media).toMatchObject({
      kind: 'image',
      fileName: 'tela.png',
      url: expect.stringMatching(/^\/media\?key=.+&exp=\d+&sig=/),
    });
    const bytes = await fetch(base + media.body.message.media.url);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(`${base}/media?key=${encodeURIComponent('C#other/media/x/y.png')}`)).status).toBe(403);

    // The business replies through the queue.
    await env.sendCommand(
      command('message.send', ids, {
        to: '5511988887777',
        clientMessageId: 'reply-1',
        text: 'Em que posso ajudar?',
        quoted: { externalId: text.body.message.id, fromMe: false },
      }),
    );
    const conversation = await eventually(
      async () => {
        const { body } = await call('GET', '/connections/cn-api/contacts/5511988887777/messages');
        const reply = body.messages.find((m: any) => m.from === 'business');
        return reply?.ack === 3 ? body : undefined;
      },
      10_000,
      'reply read',
    );
    expect(conversation.messages.map((m: any) => [m.from, m.text])).toEqual([
      ['customer', 'Olá'],
      ['customer', 'print'],
      ['business', 'Em que posso ajudar?'],
    ]);
    expect(conversation.messages[2].quotedId).toBe(text.body.message.id);
    expect(conversation.messages[0].ack).toBe(2);
  });

  it("opens the files the business sends (the platform's uploads) under the name the operator gave them", async () => {
    const pdf = Buffer.from('%PDF-1.4 orçamento');
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    // Where the console's uploads land: the ticket's prefix, the file name behind a ULID.
    const pdfKey = 'C#co-api/media/outbound/01KB0TICKET000000000000000/01KB0Z7A1C2D3E4F5G6H7J8K9M-or_amento.pdf';
    const pngKey = 'C#co-api/media/outbound/01KB0TICKET000000000000000/01KB0Z7A1C2D3E4F5G6H7J8K9N-foto.png';
    for (const [key, body, type] of [
      [pdfKey, pdf, 'application/pdf'],
      [pngKey, png, 'image/png'],
    ] as const)
      await env.clients.s3.send(
        new PutObjectCommand({ Bucket: env.config.mediaBucket, Key: key, Body: body, ContentType: type }),
      );
    const to = '5511988887777';
    await env.sendCommand(
      command('message.send', ids, {
        to,
        clientMessageId: 'doc-1',
        text: 'segue o orçamento',
        media: { kind: 'document', key: pdfKey, mimetype: 'application/pdf', fileName: 'orçamento.pdf' },
      }),
    );
    await env.sendCommand(
      command('message.send', ids, {
        to,
        clientMessageId: 'img-1',
        media: { kind: 'image', key: pngKey, mimetype: 'image/png', fileName: 'foto.png' },
      }),
    );
    const [doc, image] = await eventually(
      async () => {
        const { body } = await call('GET', `/connections/cn-api/contacts/${to}/messages`);
        const sent = body.messages.filter((m: any) => m.from === 'business' && m.media);
        return sent.length === 2 ? sent : undefined;
      },
      10_000,
      'business media shown',
    );
    expect(doc.media).toMatchObject({ kind: 'document', fileName: 'orçamento.pdf' });
    expect(doc.text).toBe('segue o orçamento');

    const pdfRes = await fetch(base + doc.media.url);
    expect(pdfRes.status).toBe(200);
    expect(Buffer.from(await pdfRes.arrayBuffer()).equals(pdf)).toBe(true);
    expect(decodeURIComponent(pdfRes.headers.get('content-disposition')!)).toContain("filename*=UTF-8''orçamento.pdf");
    const imageRes = await fetch(base + image.media.url);
    expect(imageRes.status).toBe(200);
    expect(imageRes.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await imageRes.arrayBuffer()).equals(png)).toBe(true);

    // A key no chat shows is not served, even with a valid signature from another answer's shape.
    const other = doc.media.url.replace(/key=[^&]+/, `key=${encodeURIComponent(pdfKey.replace('or_amento', 'x'))}`);
    expect([403, 404]).toContain((await fetch(base + other)).status);
  });

  it('edits and deletes customer messages, and types on the business phone', async () => {
    const sent = await call('POST', '/connections/cn-api/contacts/5511988887777/messages', { text: 'tipo' });
    const id = sent.body.message.id;
    expect(
      (await call('POST', `/connections/cn-api/contacts/5511988887777/messages/${id}/edit`, { text: 'typo' })).body.message,
    ).toMatchObject({ text: 'typo', edited: true });
    expect((await call('DELETE', `/connections/cn-api/contacts/5511988887777/messages/${id}`)).body.message).toMatchObject({
      deleted: true,
      text: '',
    });
    const typed = await call('POST', '/connections/cn-api/contacts/5511988887777/from-phone', { text: 'do celular' });
    expect(typed.status).toBe(201);
    await sink.waitFor((e) => e.type === 'message.sent' && e.message.externalId === typed.body.message.id);
    expect((await call('GET', '/connections/cn-api/contacts')).body.contacts[0]).toMatchObject({
      number: '5511988887777',
      name: 'Maria S.',
    });
  });

  it('drops and restores the network, and logs out from the phone', async () => {
    await call('POST', '/connections/cn-api/drop');
    await eventually(
      async () => (await call('GET', '/connections/cn-api')).body.connection.status === 'DISCONNECTED',
      5_000,
      'dropped',
    );
    expect((await call('GET', '/connections/cn-api')).body.connection.networkDropped).toBe(true);
    await call('POST', '/connections/cn-api/restore');
    await eventually(
      async () => (await call('GET', '/connections/cn-api')).body.connection.status === 'CONNECTED',
      10_000,
      'restored',
    );

    await call('POST', '/connections/cn-api/logout-from-phone');
    const loggedOut = await sink.waitFor(
      (e) => e.type === 'connection.status' && e.connectionId === 'cn-api' && e.loggedOut === true,
      5_000,
    );
    expect(loggedOut).toMatchObject({ status: 'DISCONNECTED' });
  });

  it("refuses callers without an admin's console session of the phone's company, cross-site requests, other hosts and non-JSON writes", async () => {
    const raw = (path: string, init: RequestInit = {}) =>
      fetch(base + path, init).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    expect(await raw('/connections')).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
    expect(
      (
        await raw('/connections', {
          headers: { authorization: `Bearer ${await consoleToken(ids.companyId, 'wrong-key-wrong-key-wrong-key-000')}` },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await raw('/connections', {
          headers: { authorization: `Bearer ${await consoleToken(ids.companyId, SECRET, '-1m')}` },
        })
      ).status,
    ).toBe(401);

    // An operator of the phone's company: the simulator is an admin's tool (issue 30 item 14).
    const operator = `Bearer ${await consoleToken(ids.companyId, SECRET, '10m', { prf: 'user', sup: false })}`;
    expect(await raw('/connections', { headers: { authorization: operator } })).toMatchObject({
      status: 403,
      body: { error: 'FORBIDDEN' },
    });
    expect(
      (
        await raw('/connections/cn-api/restriction', {
          method: 'POST',
          headers: { authorization: operator, 'content-type': 'application/json' },
          body: JSON.stringify({ restricted: true }),
        })
      ).status,
    ).toBe(403);

    const other = `Bearer ${await consoleToken('co-other')}`;
    expect((await raw('/connections', { headers: { authorization: other } })).body.connections).toEqual([]);
    expect((await raw('/connections/cn-api', { headers: { authorization: other } })).status).toBe(404);
    expect(
      (
        await raw('/connections/cn-api/drop', {
          method: 'POST',
          headers: { authorization: other, 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(404);

    // A page on another site posting a "simple" request, or through DNS rebinding.
    expect(await call('POST', '/connections/cn-api/drop', undefined, { 'content-type': 'text/plain' })).toMatchObject({
      status: 415,
    });
    expect(await call('POST', '/connections/cn-api/drop', undefined, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { error: 'FORBIDDEN' },
    });
    expect(await call('GET', '/connections', undefined, { 'sec-fetch-site': 'cross-site' })).toMatchObject({ status: 403 });
    // fetch may not set Host: a raw request plays the rebinding page.
    const rebound = await new Promise<number>((resolve, reject) => {
      request(`${base}/connections`, { headers: { host: 'evil.example', authorization: `Bearer ${token}` } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(rebound).toBe(403);
    expect(
      await call('GET', '/connections', undefined, { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' }),
    ).toMatchObject({ status: 200 });
    expect((await call('GET', '/connections/cn-api')).body.connection.networkDropped).toBe(false);
  });

  it('serves customer media that could run code as an attachment, and only through signed links', async () => {
    const html = Buffer.from('<script>alert(document.cookie)</script>');
    const sent = await call('POST', '/connections/cn-api/contacts/5511988887777/messages', {
      media: { fileName: 'fatura.html', mimetype: 'text/html', base64: html.toString('base64') },
    });
    const url = sent.body.message.media.url as string;
    const res = await fetch(base + url);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(base + url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);
  });

  it('answers unknown routes and connections with JSON errors', async () => {
    expect(await call('GET', '/connections/nope')).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
    expect(await call('GET', '/nothing')).toMatchObject({ status: 404 });
    expect((await call('GET', '/health')).body).toMatchObject({ ok: true, shard: 0 });
  });
});
