/**
 * The adapter contract: what any `ChannelAdapter` must do, whatever carries the messages. Run against
 * the simulator (test/simulator-adapter.test.ts) and against the Baileys adapter on a fake socket
 * (test/baileys-adapter.test.ts). A harness plays the world outside the adapter: the phone that scans,
 * the network, the customer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  NotConnectedError,
  type AdapterStartOptions,
  type ChannelAdapter,
  type SendCommand,
} from '../src/adapters/channel-adapter';
import type { DynamoDbAuthStateStore } from '../src/auth-state/dynamodb-auth-state';
import type { MediaStore } from '../src/media/media-store';
import { EventRecorder } from './support/event-recorder';

export interface RecipientMessage {
  id: string;
  text: string;
  mediaKind?: string;
  voiceNote?: boolean;
  quotedId?: string;
  deleted: boolean;
}

export interface AdapterHarness {
  companyId: string;
  connectionId: string;
  customerNumber: string;
  media: MediaStore;
  authStore: DynamoDbAuthStateStore;
  createAdapter(): ChannelAdapter;
  scan(): Promise<void>;
  drop(): void;
  restore(): void;
  logoutFromPhone(): void;
  customerSendsText(text: string): Promise<string>;
  customerSendsImage(bytes: Buffer, caption: string): Promise<string>;
  /** The business's messages as the customer's phone has them. */
  recipientSees(): Promise<RecipientMessage[]>;
  /** Ids of customer messages the business marked read. */
  businessReadIds(): string[];
  /** The customer's phone receives and reads a business message (automatic in the simulator). */
  recipientAcknowledges(externalId: string): void;
  dispose(): void;
}

export function adapterContract(label: string, makeHarness: () => Promise<AdapterHarness>): void {
  describe(`${label}: adapter contract`, () => {
    let h: AdapterHarness;
    beforeEach(async () => {
      h = await makeHarness();
    });
    afterEach(() => h.dispose());

    const startOptions = (): AdapterStartOptions => ({
      companyId: h.companyId,
      connectionId: h.connectionId,
      auth: h.authStore.forConnection(h.companyId, h.connectionId),
      media: h.media,
    });
    let sequence = 0;
    const sendCommand = (fields: Partial<SendCommand>): SendCommand => ({
      type: 'message.send',
      commandId: `c-${++sequence}`,
      companyId: h.companyId,
      connectionId: h.connectionId,
      issuedAt: new Date().toISOString(),
      to: h.customerNumber,
      clientMessageId: `client-${sequence}`,
      ...fields,
    });

    /** New device: QR → scan → restart required → open. */
    async function paired() {
      const adapter = h.createAdapter();
      const events = new EventRecorder(adapter);
      const options = startOptions();
      await adapter.start(options);
      await events.waitFor('lifecycle.qr');
      await h.scan();
      await events.waitFor('lifecycle.paired');
      await events.waitFor('lifecycle.closed', (e) => e.restartRequired);
      const from = events.mark();
      await adapter.start(options);
      const open = await events.waitFor('lifecycle.open', undefined, from);
      return { adapter, events, options, open };
    }

    it('shows a QR to a new device and opens once it is scanned', async () => {
      const { events, open } = await paired();
      expect(events.of('lifecycle.connecting').length).toBeGreaterThan(0);
      expect(events.of('lifecycle.qr')[0]!.qr).toMatch(/\S{10,}/);
      expect(open.number).toMatch(/^\d{10,15}$/);
    });

    it('resumes from the stored credentials without a new QR (a restarted host)', async () => {
      const first = await paired();
      await first.adapter.stop();

      const adapter = h.createAdapter();
      const events = new EventRecorder(adapter);
      await adapter.start(startOptions()); // fresh auth state object: read back from DynamoDB

      const open = await events.waitFor('lifecycle.open');
      expect(open.number).toBe(first.open.number);
      expect(events.of('lifecycle.qr')).toEqual([]);
    });

    it('sends text, each media kind and a quoted reply under the ids it is given', async () => {
      const { adapter } = await paired();
      const stored = async (mimetype: string, fileName: string) =>
        (
          await h.media.put({
            companyId: h.companyId,
            connectionId: h.connectionId,
            fileName,
            mimetype,
            body: Buffer.from(fileName),
          })
        ).key;

      const text = await adapter.send(sendCommand({ text: 'Olá, como posso ajudar?' }), '3EB0TEXT');
      await adapter.send(
        sendCommand({
          text: 'foto',
          media: { kind: 'image', key: await stored('image/jpeg', 'a.jpg'), mimetype: 'image/jpeg' },
        }),
        '3EB0IMAGE',
      );
      await adapter.send(
        sendCommand({
          media: { kind: 'audio', key: await stored('audio/ogg', 'a.ogg'), mimetype: 'audio/ogg', voiceNote: true },
        }),
        '3EB0VOICE',
      );
      await adapter.send(
        sendCommand({ media: { kind: 'video', key: await stored('video/mp4', 'a.mp4'), mimetype: 'video/mp4' } }),
        '3EB0VIDEO',
      );
      await adapter.send(
        sendCommand({
          media: {
            kind: 'document',
            key: await stored('application/pdf', 'nota.pdf'),
            mimetype: 'application/pdf',
            fileName: 'nota.pdf',
          },
        }),
        '3EB0DOC',
      );
      const reply = await adapter.send(
        sendCommand({ text: 'respondendo', quoted: { externalId: '3EB0TEXT', fromMe: true, body: 'Olá' } }),
        '3EB0REPLY',
      );

      expect(text).toMatchObject({
        externalId: '3EB0TEXT',
        fromMe: true,
        body: 'Olá, como posso ajudar?',
        contact: { number: h.customerNumber },
      });
      expect(reply.quotedExternalId).toBe('3EB0TEXT');
      const seen = await h.recipientSees();
      expect(seen.map((m) => [m.id, m.mediaKind ?? 'text'])).toEqual([
        ['3EB0TEXT', 'text'],
        ['3EB0IMAGE', 'image'],
        ['3EB0VOICE', 'audio'],
        ['3EB0VIDEO', 'video'],
        ['3EB0DOC', 'document'],
        ['3EB0REPLY', 'text'],
      ]);
      expect(seen.find((m) => m.id === '3EB0VOICE')!.voiceNote).toBe(true);
      expect(seen.find((m) => m.id === '3EB0REPLY')!.quotedId).toBe('3EB0TEXT');
    });

    it('reports acks of what it sent', async () => {
      const { adapter, events } = await paired();
      const sent = await adapter.send(sendCommand({ text: 'ack me' }), '3EB0ACK');
      h.recipientAcknowledges(sent.externalId);
      for (const ack of [1, 2, 3] as const) {
        await events.waitFor('message.ack', (e) => e.externalId === '3EB0ACK' && e.ack === ack);
      }
    });

    it('receives text and media from customers, media already in S3', async () => {
      const { events } = await paired();
      const textId = await h.customerSendsText('Bom dia');
      const imageId = await h.customerSendsImage(Buffer.from('jpeg-bytes'), 'minha foto');

      const text = await events.waitFor('message.received', (e) => e.message.externalId === textId);
      const image = await events.waitFor('message.received', (e) => e.message.externalId === imageId);
      expect(text.message).toMatchObject({
        fromMe: false,
        body: 'Bom dia',
        isGroup: false,
        contact: { number: h.customerNumber },
      });
      expect(text.message.contact.pushName).toBeTruthy();
      expect(image.message).toMatchObject({ body: 'minha foto' });
      // The file comes on the message, or (Baileys: downloads never hold up the conversation) right after it.
      const media = image.message.media ?? (await events.waitFor('message.media', (e) => e.externalId === imageId)).media;
      expect(media).toMatchObject({ kind: 'image' });
      expect(media!.key.startsWith(`C#${h.companyId}/media/${h.connectionId}/`)).toBe(true);
      expect((await h.media.get(media!.key)).body.toString()).toBe('jpeg-bytes');
    });

    it('deletes its messages and marks customer messages read', async () => {
      const { adapter, events } = await paired();
      const sent = await adapter.send(sendCommand({ text: 'oops' }), '3EB0DEL');
      const inboundId = await h.customerSendsText('leia isto');
      await events.waitFor('message.received', (e) => e.message.externalId === inboundId);

      await adapter.deleteMessage({
        type: 'message.delete',
        commandId: 'd1',
        companyId: h.companyId,
        connectionId: h.connectionId,
        issuedAt: '',
        to: h.customerNumber,
        externalId: sent.externalId,
        fromMe: true,
      });
      await adapter.markRead({
        type: 'message.read',
        commandId: 'r1',
        companyId: h.companyId,
        connectionId: h.connectionId,
        issuedAt: '',
        to: h.customerNumber,
        externalIds: [inboundId],
      });

      expect((await h.recipientSees()).find((m) => m.id === '3EB0DEL')!.deleted).toBe(true);
      expect(h.businessReadIds()).toContain(inboundId);
    });

    it('closes retryably when the network drops, refuses to send, and resumes without QR once it is back', async () => {
      const { adapter, events, options } = await paired();
      const from = events.mark();
      h.drop();
      const closed = await events.waitFor('lifecycle.closed', undefined, from);
      expect(closed).toMatchObject({ loggedOut: false, restartRequired: false, qrTimeout: false });
      await expect(adapter.send(sendCommand({ text: 'x' }), '3EB0DOWN')).rejects.toBeInstanceOf(NotConnectedError);

      const retry = events.mark();
      await adapter.start(options);
      await events.waitFor('lifecycle.closed', undefined, retry); // still down
      h.restore();
      const back = events.mark();
      await adapter.start(options);
      await events.waitFor('lifecycle.open', undefined, back);
      expect(events.of('lifecycle.qr', from)).toEqual([]);
    });

    it('reports a device unlinked from the phone as logged out', async () => {
      const { events } = await paired();
      const from = events.mark();
      h.logoutFromPhone();
      expect(await events.waitFor('lifecycle.closed', undefined, from)).toMatchObject({ loggedOut: true });
    });

    it('stop() keeps the credentials; logout() wipes them', async () => {
      const { adapter } = await paired();
      await adapter.stop();
      const again = h.createAdapter();
      const events = new EventRecorder(again);
      await again.start(startOptions());
      await events.waitFor('lifecycle.open');

      await again.logout();

      const reloaded = h.authStore.forConnection(h.companyId, h.connectionId);
      await reloaded.load();
      expect(reloaded.isRegistered).toBe(false);
    });

    it('requestNewQr() forgets the device and shows a new QR', async () => {
      const { adapter, events } = await paired();
      const from = events.mark();
      await adapter.requestNewQr();
      await events.waitFor('lifecycle.qr', undefined, from);
      const reloaded = h.authStore.forConnection(h.companyId, h.connectionId);
      await reloaded.load();
      expect(reloaded.isRegistered).toBe(false);
    });
  });
}
