/**
 * The simulator learns issue 11's behaviours where a person sees them: pairing by code typed on the
 * simulated phone, a restricted account whose sends are refused, a customer file over the host's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionHost } from '../src/host';
import { MemoryEventSink } from '../src/queues/inbound-publisher';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { CONSOLE_TOKEN_SECRET, consoleToken } from './support/console-token';
import { controlApi, isStatus, startHost } from './support/host-harness';

describe('simulator: pairing codes, refused sends, large files', () => {
  let env: TestEnvironment;
  let host: SessionHost;
  let sink: MemoryEventSink;
  const ids = { companyId: 'co-simx', connectionId: 'cn-simx' };
  let token = '';

  beforeAll(async () => {
    env = await createTestEnvironment();
    env.config.simulatorPort = 0;
    env.config.maxInboundMediaBytes = 1024 * 1024;
    env.config.consoleTokenSecret = CONSOLE_TOKEN_SECRET;
    token = await consoleToken(ids.companyId);
    ({ host, sink } = startHost(env));
    await host.start();
  });
  afterAll(async () => {
    await host.stop();
    env.destroy();
  });

  const call = (method: string, path: string, body?: unknown) => controlApi(host, token)(method, path, body);

  it('pairs with the code the console shows, typed on the simulated phone; a wrong code is refused', async () => {
    await env.sendCommand(
      command('session.start', ids, { adapter: 'simulator', usePairingCode: true, phoneNumber: '5511933334444' }),
    );
    const shown = await sink.waitFor(
      (e) => e.type === 'connection.pairingCode' && e.connectionId === ids.connectionId,
      10_000,
    );
    const code = (shown as Extract<typeof shown, { type: 'connection.pairingCode' }>).code;
    expect((await call('GET', `/connections/${ids.connectionId}`)).body.connection).toMatchObject({
      pairingCode: code,
      maxInboundMediaBytes: 1024 * 1024,
    });

    expect(await call('POST', `/connections/${ids.connectionId}/pairing-code`, { code: 'AAAA-0000' })).toMatchObject({
      status: 400,
      body: { message: 'wrong pairing code' },
    });
    expect(
      (
        await call('POST', `/connections/${ids.connectionId}/pairing-code`, {
          code: code.toLowerCase(),
          number: '5511933334444',
        })
      ).status,
    ).toBe(200);
    await sink.waitFor(isStatus(ids.connectionId, 'CONNECTED'), 10_000);
    expect((await call('GET', `/connections/${ids.connectionId}`)).body.connection).toMatchObject({
      pairingCode: null,
      number: '5511933334444',
    });
  });

  it("refuses the business's sends while the account is restricted: failed on the phone, message.sendFailed for the platform", async () => {
    await call('POST', `/connections/${ids.connectionId}/contacts`, { name: 'Maria', number: '5511988887777' });
    expect((await call('POST', `/connections/${ids.connectionId}/restriction`, { restricted: 'yes' })).status).toBe(400);
    expect(
      (await call('POST', `/connections/${ids.connectionId}/restriction`, { restricted: true })).body.connection.restricted,
    ).toBe(true);
    await env.sendCommand(
      command('message.send', ids, { to: '5511988887777', clientMessageId: 'c-restricted', text: 'promoção!' }),
    );

    const sent = await sink.waitFor(
      (e) => e.type === 'message.sent' && e.message.clientMessageId === 'c-restricted',
      10_000,
    );
    const externalId = (sent as Extract<typeof sent, { type: 'message.sent' }>).message.externalId;
    expect(await sink.waitFor((e) => e.type === 'message.sendFailed' && e.externalId === externalId, 10_000)).toMatchObject({
      reason: 'account-restricted',
    });
    const { body } = await call('GET', `/connections/${ids.connectionId}/contacts/5511988887777/messages`);
    expect(body.messages.find((m: any) => m.id === externalId)).toMatchObject({ failure: 'account-restricted', ack: 0 });
    await call('POST', `/connections/${ids.connectionId}/restriction`, { restricted: false });
  });

  it("delivers a customer file over the host's limit as the message without the file, saying why", async () => {
    const sent = await call('POST', `/connections/${ids.connectionId}/contacts/5511988887777/messages`, {
      text: 'contrato',
      media: {
        fileName: 'contrato.pdf',
        mimetype: 'application/pdf',
        base64: Buffer.from('%PDF').toString('base64'),
        sizeBytes: 2_000_000_000,
      },
    });
    expect(sent.body.message).toMatchObject({ failure: 'too-large', media: { fileName: 'contrato.pdf' } });
    const id = sent.body.message.id;
    const received = await sink.waitFor((e) => e.type === 'message.received' && e.message.externalId === id, 10_000);
    expect((received as Extract<typeof received, { type: 'message.received' }>).message).toMatchObject({ body: 'contrato' });
    expect((received as Extract<typeof received, { type: 'message.received' }>).message.media).toBeUndefined();
    expect(await sink.waitFor((e) => e.type === 'message.media' && e.externalId === id, 10_000)).toMatchObject({
      failure: { reason: 'too-large', sizeBytes: 2_000_000_000, limitBytes: 1024 * 1024 },
    });
    await eventually(
      async () =>
        (await call('GET', `/connections/${ids.connectionId}/contacts/5511988887777/messages`)).body.messages.length > 0,
      5_000,
      'listed',
    );
  });
});
