/**
 * Issue 11 through a whole host (outbound queue → session manager → Baileys adapter on the fake
 * WhatsApp → channel events): what the business side sees of pairing, final closes and refused sends.
 */
import type { ChannelEvent } from '@atende/shared';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionHost } from '../src/host';
import { silentLogger } from '../src/logger';
import { MemoryEventSink } from '../src/queues/inbound-publisher';
import { command, createTestEnvironment, eventually, type TestEnvironment } from './support/environment';
import { FakeWhatsApp } from './support/fake-whatsapp';
import { isStatus } from './support/host-harness';

describe('Baileys host', () => {
  let env: TestEnvironment;
  let host: SessionHost;
  const sink = new MemoryEventSink();
  const fake = new FakeWhatsApp();

  beforeAll(async () => {
    env = await createTestEnvironment({ adapters: ['baileys'] });
    host = new SessionHost(
      { ...env.config, waVersion: '2.3000.1' },
      { log: silentLogger(), sink, baileysSocketFactory: fake.factory, receiveWaitSeconds: 1 },
    );
    await host.start();
  });
  afterAll(async () => {
    await host.stop();
    env.destroy();
  });

  const newIds = () => ({ companyId: `co-${ulid()}`, connectionId: `cn-${ulid()}` });
  const of = (connectionId: string, type: ChannelEvent['type']) => (e: ChannelEvent) =>
    e.connectionId === connectionId && e.type === type;

  async function connected() {
    const ids = newIds();
    await env.sendCommand(command('session.start', ids, { adapter: 'baileys' }));
    await sink.waitFor(isStatus(ids.connectionId, 'qrcode'), 10_000);
    fake.scan();
    await sink.waitFor(isStatus(ids.connectionId, 'CONNECTED'), 10_000);
    return ids;
  }

  it('fails a send at once while a pairing code waits to be typed (instead of holding it for the hold window)', async () => {
    const ids = newIds();
    await env.sendCommand(
      command('session.start', ids, { adapter: 'baileys', usePairingCode: true, phoneNumber: '5511900001111' }),
    );
    await sink.waitFor((e) => of(ids.connectionId, 'connection.pairingCode')(e), 10_000);
    await env.sendCommand(command('message.send', ids, { to: '5511988887777', clientMessageId: 'm-pairing', text: 'oi' }));
    // The hold window in tests is 20 s; a failure well inside it means the send was not held.
    const failed = await sink.waitFor(of(ids.connectionId, 'message.sendFailed'), 8_000);
    expect(failed).toMatchObject({ clientMessageId: 'm-pairing', error: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('reports a number that is not on WhatsApp as a failed send with its reason', async () => {
    const ids = await connected();
    fake.notOnWhatsApp.add('5511900000000@s.whatsapp.net');
    await env.sendCommand(command('message.send', ids, { to: '5511900000000', clientMessageId: 'm-nowa', text: 'oi' }));
    expect(await sink.waitFor(of(ids.connectionId, 'message.sendFailed'), 10_000)).toMatchObject({
      clientMessageId: 'm-nowa',
      reason: 'not-on-whatsapp',
      error: 'ERR_WAPP_INVALID_CONTACT',
    });
    // What the API sends for a contact: `<number>@s.whatsapp.net`; checked too, and refused just the same.
    fake.notOnWhatsApp.add('5511900000001@s.whatsapp.net');
    await env.sendCommand(
      command('message.send', ids, { to: '5511900000001@s.whatsapp.net', clientMessageId: 'm-nowa-jid', text: 'oi' }),
    );
    expect(
      await sink.waitFor(
        (e) => e.type === 'message.sendFailed' && e.connectionId === ids.connectionId && e.clientMessageId === 'm-nowa-jid',
        10_000,
      ),
    ).toMatchObject({ reason: 'not-on-whatsapp', error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(fake.sent.filter((s) => s.jid.startsWith('55119000000'))).toEqual([]);
  });

  it('backs off when WhatsApp answers every reconnect with 515 (restart required), instead of looping', async () => {
    const ids = await connected();
    const before = fake.sockets.length;
    fake.restartLoop = true;
    try {
      fake.current.close(515, 'Stream Errored (restart required)');
      await new Promise((r) => setTimeout(r, 1_500));
      // Without a backoff a new socket boots every few milliseconds (hundreds in 1.5 s).
      expect(fake.sockets.length - before).toBeLessThan(15);
      expect(fake.sockets.length - before).toBeGreaterThan(2);
    } finally {
      fake.restartLoop = false;
    }
    const connectedEvents = () => sink.events.filter(isStatus(ids.connectionId, 'CONNECTED')).length;
    await eventually(() => connectedEvents() > 1, 10_000, 'reconnected');
  });

  it('stops for good on 440 (connection replaced): DISCONNECTED with the reason, and no reconnect ping-pong', async () => {
    const ids = await connected();
    const sockets = fake.sockets.length;
    fake.current.close(440, 'Stream Errored (conflict)');
    const status = await sink.waitFor((e) => isStatus(ids.connectionId, 'DISCONNECTED')(e), 10_000);
    expect(status).toMatchObject({ reason: expect.stringContaining('440') });
    // The session is dropped from the host (no retry timer left to fire) and sends fail fast.
    expect(host.manager.statusOf(ids.connectionId)).toBeUndefined();
    expect(host.manager.readiness(ids.connectionId)).toBe('unavailable');
    expect(fake.sockets.length).toBe(sockets);
  });

  it('a lost connection (408) still reconnects', async () => {
    const ids = await connected();
    const connectedEvents = () => sink.events.filter(isStatus(ids.connectionId, 'CONNECTED')).length;
    const before = connectedEvents();
    fake.drop();
    fake.restore();
    await eventually(() => connectedEvents() > before, 10_000, 'reconnected');
  });
});
