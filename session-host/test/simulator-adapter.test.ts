import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatorAdapter } from '../src/adapters/simulator/simulator-adapter';
import { SimulatorWorld } from '../src/adapters/simulator/simulator-world';
import { silentLogger } from '../src/logger';
import { adapterContract, type AdapterHarness } from './adapter-contract';
import { EventRecorder } from './support/event-recorder';
import { sharedStores } from './support/shared-stores';

let stores: Awaited<ReturnType<typeof sharedStores>>;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

const fastTiming = { deliveredAckMs: 20, readAckMs: 60, networkLatencyMs: 5, qrRefreshMs: 5_000, qrMaxAttempts: 3 };

async function simulatorHarness(timing = fastTiming): Promise<AdapterHarness & { world: SimulatorWorld }> {
  const { companyId, connectionId } = stores.ids();
  const world = new SimulatorWorld({ media: stores.media, log: silentLogger(), timing });
  const customerNumber = '5511988887777';
  const phone = () => world.find(connectionId)!;
  const contact = () => phone().upsertContact({ name: 'Maria', number: customerNumber });
  return {
    world,
    companyId,
    connectionId,
    customerNumber,
    media: stores.media,
    authStore: stores.authStore,
    createAdapter: () => new SimulatorAdapter(world),
    scan: () => phone().scan(),
    drop: () => phone().drop(),
    restore: () => phone().restore(),
    logoutFromPhone: () => phone().logoutFromPhone(),
    customerSendsText: async (text) => {
      contact();
      return (await phone().customerSends(customerNumber, { text })).id;
    },
    customerSendsImage: async (bytes, caption) => {
      contact();
      return (
        await phone().customerSends(customerNumber, {
          text: caption,
          media: { mimetype: 'image/jpeg', fileName: 'f.jpg', base64: bytes.toString('base64') },
        })
      ).id;
    },
    recipientSees: async () =>
      phone()
        .conversation(customerNumber)
        .messages.filter((m) => m.from === 'business')
        .map((m) => ({
          id: m.id,
          text: m.text,
          mediaKind: m.media?.kind,
          voiceNote: m.media?.voiceNote,
          quotedId: m.quotedId ?? undefined,
          deleted: m.deleted,
        })),
    businessReadIds: () =>
      phone()
        .conversation(customerNumber)
        .messages.filter((m) => m.from === 'customer' && m.ack === 3)
        .map((m) => m.id),
    recipientAcknowledges: () => undefined, // the simulated phone delivers and reads by itself
    dispose: () => world.dispose(),
  };
}

adapterContract('simulator', simulatorHarness);

describe('simulator: beyond the contract', () => {
  async function connected(timing = fastTiming) {
    const h = await simulatorHarness(timing);
    const adapter = h.createAdapter();
    const events = new EventRecorder(adapter);
    const options = {
      companyId: h.companyId,
      connectionId: h.connectionId,
      auth: h.authStore.forConnection(h.companyId, h.connectionId),
      media: h.media,
    };
    await adapter.start(options);
    await events.waitFor('lifecycle.qr');
    await h.scan();
    await events.waitFor('lifecycle.closed', (e) => e.restartRequired);
    await adapter.start(options);
    await events.waitFor('lifecycle.open');
    return { h, adapter, events, options, phone: h.world.find(h.connectionId)! };
  }

  it('keeps what customers send while the device is offline and delivers it in order when it is back', async () => {
    const { h, adapter, events, options, phone } = await connected();
    phone.upsertContact({ name: 'Maria', number: h.customerNumber });
    phone.drop();
    const first = await phone.customerSends(h.customerNumber, { text: 'um' });
    const second = await phone.customerSends(h.customerNumber, { text: 'dois' });
    expect(first.ack).toBe(1); // on the server, not delivered yet

    phone.restore();
    const from = events.mark();
    await adapter.start(options);
    await events.waitFor('message.received', (e) => e.message.externalId === second.id, from);
    expect(events.of('message.received', from).map((e) => e.message.body)).toEqual(['um', 'dois']);
    expect(
      phone
        .conversation(h.customerNumber)
        .messages.filter((m) => m.from === 'customer')
        .map((m) => m.ack),
    ).toEqual([2, 2]);
    h.dispose();
  });

  it("gives a newly linked device the phone's address book (its saved contacts, with their names)", async () => {
    const { h, adapter, events, options, phone } = await connected();
    phone.upsertContact({ name: 'João da Padaria', number: '5511977776666' });
    phone.upsertContact({ name: 'Ana', number: '5521977776666', lidOnly: true });
    phone.logoutFromPhone();
    await events.waitFor('lifecycle.closed', (e) => e.loggedOut);
    await options.auth.clear();

    const from = events.mark();
    await adapter.start(options);
    await events.waitFor('lifecycle.qr', undefined, from);
    await h.scan();
    await events.waitFor('lifecycle.closed', (e) => e.restartRequired, from);
    await adapter.start(options);
    await events.waitFor('contact.updated', (e) => e.contact.number === '5521977776666', from);
    const synced = events.of('contact.updated', from).map((e) => e.contact);
    expect(synced).toContainEqual(expect.objectContaining({ number: '5511977776666', name: 'João da Padaria' }));
    expect(synced).toContainEqual(expect.objectContaining({ number: '5521977776666', name: 'Ana' }));
    h.dispose();
  });

  it('addresses lid-only contacts by @lid with the number as alternate', async () => {
    const { h, events, phone } = await connected();
    phone.upsertContact({ name: 'Ana', number: '5521977776666', lidOnly: true });
    const sent = await phone.customerSends('5521977776666', { text: 'oi' });
    const received = await events.waitFor('message.received', (e) => e.message.externalId === sent.id);
    expect(received.message.contact).toMatchObject({ jid: expect.stringMatching(/@lid$/), number: '5521977776666' });
    expect(received.message.contact.lid).toBe(received.message.contact.jid);
    h.dispose();
  });

  it('reports customer edits and deletions, and messages typed on the business phone', async () => {
    const { h, events, phone } = await connected();
    phone.upsertContact({ name: 'Maria', number: h.customerNumber });
    const sent = await phone.customerSends(h.customerNumber, { text: 'erado' });
    phone.customerEdits(h.customerNumber, sent.id, 'errado');
    phone.customerDeletes(h.customerNumber, sent.id);
    const typed = phone.typeOnPhone(h.customerNumber, 'respondi pelo celular');

    expect(await events.waitFor('message.edited')).toMatchObject({ externalId: sent.id, body: 'errado' });
    expect(await events.waitFor('message.deleted')).toMatchObject({ externalId: sent.id });
    const fromPhone = await events.waitFor('message.sent', (e) => e.message.externalId === typed.id);
    expect(fromPhone.message).toMatchObject({ fromMe: true, body: 'respondi pelo celular' });
    expect(fromPhone.message.clientMessageId).toBeUndefined();
    h.dispose();
  });

  it('delivers a message sent twice under one id only once (as WhatsApp phones do)', async () => {
    const { h, adapter, phone } = await connected();
    const command = {
      type: 'message.send' as const,
      commandId: 'dup',
      companyId: h.companyId,
      connectionId: h.connectionId,
      issuedAt: '',
      to: h.customerNumber,
      clientMessageId: 'c',
      text: 'uma vez',
    };
    await adapter.send(command, '3EB0SAME');
    await adapter.send(command, '3EB0SAME');
    expect(phone.conversation(h.customerNumber).messages.filter((m) => m.id === '3EB0SAME')).toHaveLength(1);
    h.dispose();
  });

  it('times out a QR nobody scans', async () => {
    const h = await simulatorHarness({ ...fastTiming, qrRefreshMs: 20, qrMaxAttempts: 2 });
    const adapter = h.createAdapter();
    const events = new EventRecorder(adapter);
    await adapter.start({
      companyId: h.companyId,
      connectionId: h.connectionId,
      auth: h.authStore.forConnection(h.companyId, h.connectionId),
      media: h.media,
    });
    expect(await events.waitFor('lifecycle.closed')).toMatchObject({ qrTimeout: true });
    expect(events.of('lifecycle.qr')).toHaveLength(2);
    h.dispose();
  });

  it('offers a pairing code instead of a QR when asked', async () => {
    const h = await simulatorHarness();
    const adapter = h.createAdapter();
    const events = new EventRecorder(adapter);
    await adapter.start({
      companyId: h.companyId,
      connectionId: h.connectionId,
      auth: h.authStore.forConnection(h.companyId, h.connectionId),
      media: h.media,
      usePairingCode: true,
      phoneNumber: '5511900001111',
    });
    expect((await events.waitFor('connection.pairingCode')).code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(events.of('lifecycle.qr')).toEqual([]);
    h.dispose();
  });
});
