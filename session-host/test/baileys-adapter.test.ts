/**
 * The Baileys adapter on a fake socket (test/support/fake-whatsapp.ts): no real WhatsApp offline.
 * This proves the adapter's side — auth state, event translation, send mapping, lifecycle — not that
 * WhatsApp behaves as the fake does; that needs a phone (docs/decisions.md).
 */
import { Readable } from 'node:stream';
import type { WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaileysAdapter } from '../src/adapters/baileys/baileys-adapter';
import { silentLogger } from '../src/logger';
import { adapterContract, type AdapterHarness } from './adapter-contract';
import { EventRecorder } from './support/event-recorder';
import { FakeWhatsApp } from './support/fake-whatsapp';
import { sharedStores } from './support/shared-stores';

let stores: Awaited<ReturnType<typeof sharedStores>>;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

let inboundSequence = 0;

async function baileysHarness(): Promise<AdapterHarness & { fake: FakeWhatsApp; downloads: Map<string, Buffer> }> {
  const { companyId, connectionId } = stores.ids();
  const fake = new FakeWhatsApp();
  const downloads = new Map<string, Buffer>();
  const customerNumber = '5511988887777';
  const customerJid = `${customerNumber}@s.whatsapp.net`;
  const inbound = (message: WAMessage['message']) => {
    const id = `IN${++inboundSequence}${Date.now()}`;
    fake.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: customerJid, remoteJidAlt: '184467440737095@lid', fromMe: false, id },
          pushName: 'Maria',
          messageTimestamp: Math.floor(Date.now() / 1000),
          message,
        },
      ],
    });
    return id;
  };
  return {
    fake,
    downloads,
    companyId,
    connectionId,
    customerNumber,
    media: stores.media,
    authStore: stores.authStore,
    createAdapter: () =>
      new BaileysAdapter({
        log: silentLogger(),
        createSocket: fake.factory,
        downloadMedia: async (message) => {
          const bytes = downloads.get(message.key.id!);
          if (!bytes) throw new Error('media expired');
          return Readable.from([bytes]);
        },
      }),
    scan: async () => fake.scan(),
    drop: () => fake.drop(),
    restore: () => fake.restore(),
    logoutFromPhone: () => fake.logoutFromPhone(),
    customerSendsText: async (text) => inbound({ conversation: text }),
    customerSendsImage: async (bytes, caption) => {
      const id = `IMG${++inboundSequence}`;
      downloads.set(id, bytes);
      fake.emit('messages.upsert', {
        type: 'notify',
        messages: [
          {
            key: { remoteJid: customerJid, fromMe: false, id },
            pushName: 'Maria',
            message: { imageMessage: { caption, mimetype: 'image/jpeg', url: 'https://mmg.whatsapp.net/x' } },
          },
        ],
      });
      return id;
    },
    recipientSees: async () => {
      const deleted = new Set(fake.sent.flatMap((s) => ('delete' in s.content ? [s.content.delete.id!] : [])));
      return fake.sent
        .filter((s) => !('delete' in s.content))
        .map((s) => {
          const content = s.content as Record<string, unknown>;
          const mediaKind = ['image', 'video', 'audio', 'document', 'sticker'].find((k) => k in content);
          const id = s.options!.messageId!;
          return {
            id,
            text: (content.text ?? content.caption ?? '') as string,
            mediaKind,
            voiceNote: mediaKind === 'audio' ? Boolean(content.ptt) : undefined,
            quotedId: s.options?.quoted?.key.id ?? undefined,
            deleted: deleted.has(id),
          };
        });
    },
    businessReadIds: () => fake.reads.map((k) => k.id!),
    recipientAcknowledges: (externalId) => {
      for (const status of [2, 3, 4])
        fake.emit('messages.update', [
          { key: { remoteJid: customerJid, id: externalId, fromMe: true }, update: { status } },
        ]);
    },
    dispose: () => undefined,
  };
}

adapterContract('baileys (fake socket)', baileysHarness);

describe('baileys: beyond the contract', () => {
  async function connected() {
    const h = await baileysHarness();
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
    h.fake.scan();
    await events.waitFor('lifecycle.closed', (e) => e.restartRequired);
    await adapter.start(options);
    await events.waitFor('lifecycle.open');
    return { h, adapter, events };
  }
  const send = (h: AdapterHarness, text: string) => ({
    type: 'message.send' as const,
    commandId: 'c',
    companyId: h.companyId,
    connectionId: h.connectionId,
    issuedAt: '',
    to: h.customerNumber,
    clientMessageId: 'client-1',
    text,
  });

  it('does not report its own sends twice, but reports messages typed on the phone', async () => {
    const { h, adapter, events } = await connected();
    await adapter.send(send(h, 'pelo sistema'), '3EB0OWN');
    h.fake.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'PHONE1' },
          message: { conversation: 'pelo celular' },
        },
      ],
    });

    const fromPhone = await events.waitFor('message.sent');
    expect(fromPhone.message).toMatchObject({ externalId: 'PHONE1', fromMe: true, body: 'pelo celular' });
    // A later phone message is a barrier: upserts are handled in order, so a repeat of our own send would come before it.
    h.fake.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: true, id: 'PHONE2' },
          message: { conversation: 'de novo' },
        },
      ],
    });
    await events.waitFor('message.sent', (e) => e.message.externalId === 'PHONE2');
    expect(events.of('message.sent').map((e) => e.message.externalId)).toEqual(['PHONE1', 'PHONE2']);
  });

  it('wires edits, revokes, receipts, contacts and lid mappings from the socket', async () => {
    const { h, events } = await connected();
    const key = { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'IN-EDIT' };
    h.fake.emit('messages.update', [
      { key, update: { message: { editedMessage: { message: { conversation: 'novo texto' } } } } },
    ]);
    h.fake.emit('messages.update', [{ key, update: { message: null, messageStubType: 1 } }]);
    h.fake.emit('contacts.upsert', [
      { id: '184467440737095@lid', phoneNumber: '5511988887777@s.whatsapp.net', notify: 'Maria' },
    ]);
    h.fake.emit('lid-mapping.update', { lid: '111@lid', pn: '5511900002222@s.whatsapp.net' });

    expect(await events.waitFor('message.edited')).toEqual({
      type: 'message.edited',
      externalId: 'IN-EDIT',
      body: 'novo texto',
    });
    expect(await events.waitFor('message.deleted')).toEqual({ type: 'message.deleted', externalId: 'IN-EDIT' });
    const contacts = events.of('contact.updated').map((e) => e.contact);
    expect(contacts).toContainEqual({
      jid: '184467440737095@lid',
      number: '5511988887777',
      lid: '184467440737095@lid',
      pushName: 'Maria',
    });
    expect(contacts).toContainEqual({ jid: '5511900002222@s.whatsapp.net', number: '5511900002222', lid: '111@lid' });
  });

  it("reports the phone's address book: saved contacts from the app-state sync and the history sync's chats", async () => {
    const { h, events } = await connected();
    // what Baileys 7 emits for an app-state contactAction (sync-action-utils.js processContactAction)
    h.fake.emit('contacts.upsert', [
      {
        id: '5511977776666@s.whatsapp.net',
        name: 'João da Padaria',
        lid: '222@lid',
        phoneNumber: '5511977776666@s.whatsapp.net',
      },
    ]);
    h.fake.emit('messaging-history.set', {
      chats: [],
      messages: [],
      contacts: [
        { id: '5511955554444@s.whatsapp.net', name: 'Cliente Antigo' },
        { id: '120363000000000000@g.us', name: 'Grupo da família' },
      ],
      isLatest: true,
    });
    await events.waitFor('contact.updated');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const contacts = events.of('contact.updated').map((e) => e.contact);
    expect(contacts).toContainEqual({
      jid: '5511977776666@s.whatsapp.net',
      number: '5511977776666',
      lid: '222@lid',
      name: 'João da Padaria',
    });
    expect(contacts).toContainEqual({
      jid: '5511955554444@s.whatsapp.net',
      number: '5511955554444',
      name: 'Cliente Antigo',
    });
    expect(contacts.find((c) => c.jid.endsWith('@g.us'))).toBeUndefined();
  });

  it('still reports a media message whose download failed, then says the file will not come', async () => {
    const { h, events } = await connected();
    h.fake.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'GONE' },
          message: { documentMessage: { mimetype: 'application/pdf', fileName: 'x.pdf' } },
        },
      ],
    });
    const received = await events.waitFor('message.received');
    expect(received.message.externalId).toBe('GONE');
    expect(received.message.media).toBeUndefined();
    expect(await events.waitFor('message.media')).toEqual({
      type: 'message.media',
      externalId: 'GONE',
      failure: { reason: 'download-failed' },
    });
  });

  it('asks for a pairing code instead of showing QR codes when configured', async () => {
    const h = await baileysHarness();
    const adapter = h.createAdapter();
    const events = new EventRecorder(adapter);
    await adapter.start({
      companyId: h.companyId,
      connectionId: h.connectionId,
      auth: h.authStore.forConnection(h.companyId, h.connectionId),
      media: h.media,
      usePairingCode: true,
      phoneNumber: '+55 11 90000-1111',
    });
    expect(await events.waitFor('connection.pairingCode')).toMatchObject({ code: 'ABCD1234' });
    expect(h.fake.current.params.auth.creds.me?.id).toBe('5511900001111@s.whatsapp.net');
    expect(events.of('lifecycle.qr')).toEqual([]);
  });

  it('tells a QR timeout apart from a lost connection (both are 408)', async () => {
    const h = await baileysHarness();
    const adapter = h.createAdapter();
    const events = new EventRecorder(adapter);
    await adapter.start({
      companyId: h.companyId,
      connectionId: h.connectionId,
      auth: h.authStore.forConnection(h.companyId, h.connectionId),
      media: h.media,
    });
    await events.waitFor('lifecycle.qr');
    h.fake.current.close(408, 'QR refs attempts ended');
    expect(await events.waitFor('lifecycle.closed')).toMatchObject({ qrTimeout: true, loggedOut: false });
  });
});
