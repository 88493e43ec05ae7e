/**
 * Issue 26, company setting `call`: the Baileys adapter reports a ringing call (`call.received`) and
 * refuses one when told to (`call.reject`); offline and ended calls are not reported. Fake WhatsApp.
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
});
