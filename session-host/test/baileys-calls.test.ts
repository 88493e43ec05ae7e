/**
 * Issue 26, company setting `call`: the Baileys adapter reports a ringing call (`call.received`) and
 * refuses one when told to (`call.reject`). Issue 29 §2.10: a call nobody answered (timeout, refused,
 * rung while offline) becomes one `missedCall` item. Fake WhatsApp, payloads as rc14's handleCall emits them.
 */
import type { WACallEvent } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdFor } from '../src/queues/event-ids';
import { CUSTOMER_JID, connectedBaileys, type Stores } from './support/baileys-harness';
import { sharedStores } from './support/shared-stores';

let stores: Stores;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

const call = (id: string, overrides: Partial<WACallEvent> = {}): WACallEvent => ({
  chatId: CUSTOMER_JID,
  from: CUSTOMER_JID,
  id,
  date: new Date(),
  isVideo: true,
  isGroup: false,
  status: 'offer',
  offline: false,
  ...overrides,
});

describe('calls', () => {
  it('reports a ringing call once, not a missed or ended one, and refuses it on command', async () => {
    const h = await connectedBaileys(stores);
    h.fake.emit('call', [call('OLD', { offline: true }), call('END', { status: 'terminate' }), call('RING')]);
    const reported = await h.events.waitFor('call.received');
    expect(reported).toEqual({
      type: 'call.received',
      callId: 'RING',
      from: { jid: CUSTOMER_JID },
      isVideo: true,
      isGroup: false,
    });
    expect(h.events.of('call.received')).toHaveLength(1);
    expect(eventIdFor(h.connectionId, reported)).toBe(`call:${h.connectionId}:RING`);

    await h.adapter.rejectCall({
      type: 'call.reject',
      commandId: 'call:RING:reject',
      companyId: h.companyId,
      connectionId: h.connectionId,
      issuedAt: new Date().toISOString(),
      callId: 'RING',
      from: CUSTOMER_JID,
    });
    expect(h.fake.rejectedCalls).toEqual([{ callId: 'RING', from: CUSTOMER_JID }]);
  });

  it('records a call nobody answered once, as a missed-call item of the caller, and not an ended or group call', async () => {
    const h = await connectedBaileys(stores);
    const date = new Date('2026-03-02T14:05:00Z');
    // rc14 emits each status of one call with the same id; isVideo comes from the offer it cached.
    h.fake.emit('call', [call('MISSED', { date, isVideo: false })]);
    h.fake.emit('call', [call('MISSED', { date, isVideo: false, status: 'timeout' })]);
    h.fake.emit('call', [call('REFUSED', { date, status: 'reject' })]);
    h.fake.emit('call', [call('WHILE-OFF', { date, offline: true, isVideo: false })]);
    h.fake.emit('call', [call('WHILE-OFF', { date, offline: true, isVideo: false, status: 'timeout' })]);
    // Ended for a reason Baileys does not tell (answered on the phone, hung up), answered, or a group's.
    h.fake.emit('call', [call('TALKED', { status: 'accept' }), call('TALKED', { status: 'terminate' })]);
    h.fake.emit('call', [call('GROUP', { isGroup: true, status: 'timeout', chatId: '120363@g.us' })]);
    await h.events.waitFor('message.received', (e) => e.message.externalId === 'WHILE-OFF');

    const missed = h.events.of('message.received').map((e) => e.message);
    expect(missed.map((m) => m.externalId)).toEqual(['MISSED', 'REFUSED', 'WHILE-OFF', 'WHILE-OFF']);
    expect(missed[0]).toEqual({
      externalId: 'MISSED',
      fromMe: false,
      contact: { jid: CUSTOMER_JID, number: '5511988887777' },
      isGroup: false,
      body: 'Chamada de voz perdida',
      timestamp: '2026-03-02T14:05:00.000Z',
      notice: { kind: 'missedCall', isVideo: false },
    });
    expect(missed[1]).toMatchObject({ body: 'Chamada de vídeo perdida', notice: { kind: 'missedCall', isVideo: true } });
    // The repeats of one call share the event id: the queue and the platform keep one item.
    const ids = h.events.of('message.received').map((e) => eventIdFor(h.connectionId, e));
    expect(ids[2]).toBe(ids[3]);
    // Only the call ringing now asks the platform whether to refuse it.
    expect(h.events.of('call.received').map((e) => e.callId)).toEqual(['MISSED']);
  });
});
