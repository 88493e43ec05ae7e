/** A Baileys adapter on the fake WhatsApp, paired and open, for the transport tests. */
import { Readable } from 'node:stream';
import type { WAMessage } from '@whiskeysockets/baileys';
import { BaileysAdapter, type BaileysAdapterDeps } from '../../src/adapters/baileys/baileys-adapter';
import { WaVersionSource } from '../../src/adapters/baileys/wa-version';
import type { AdapterStartOptions, SendCommand } from '../../src/adapters/channel-adapter';
import { silentLogger } from '../../src/logger';
import { EventRecorder } from './event-recorder';
import { FakeWhatsApp } from './fake-whatsapp';
import type { sharedStores } from './shared-stores';

export type Stores = Awaited<ReturnType<typeof sharedStores>>;

/** No network here: the "current" web version comes from this fetcher unless a test gives its own. */
export const offlineVersions = () => new WaVersionSource({ fetch: async () => ({ version: [2, 3000, 1], isLatest: true }) });

export function baileysOn(stores: Stores, deps: Partial<BaileysAdapterDeps> = {}, start: Partial<AdapterStartOptions> = {}) {
  const { companyId, connectionId } = stores.ids();
  const fake = new FakeWhatsApp();
  const downloads = new Map<string, Buffer>();
  const adapter = new BaileysAdapter({
    log: silentLogger(),
    createSocket: fake.factory,
    versions: offlineVersions(),
    downloadMedia: async (message) => {
      const bytes = downloads.get(message.key.id!);
      if (!bytes) throw new Error('media expired');
      return Readable.from([bytes]);
    },
    ...deps,
  });
  const events = new EventRecorder(adapter);
  const auth = stores.authStore.forConnection(companyId, connectionId);
  const options: AdapterStartOptions = { companyId, connectionId, auth, media: stores.media, ...start };
  return { fake, adapter, events, options, auth, downloads, companyId, connectionId };
}

/** Started, QR scanned, restarted and open. */
export async function connectedBaileys(stores: Stores, deps: Partial<BaileysAdapterDeps> = {}) {
  const h = baileysOn(stores, deps);
  await h.adapter.start(h.options);
  await h.events.waitFor('lifecycle.qr');
  h.fake.scan();
  await h.events.waitFor('lifecycle.closed', (e) => e.restartRequired);
  await h.adapter.start(h.options);
  await h.events.waitFor('lifecycle.open');
  return h;
}

export const CUSTOMER_JID = '5511988887777@s.whatsapp.net';

export function sendCommand(h: { companyId: string; connectionId: string }, fields: Partial<SendCommand> = {}): SendCommand {
  return {
    type: 'message.send',
    commandId: `c-${Math.random()}`,
    companyId: h.companyId,
    connectionId: h.connectionId,
    issuedAt: '',
    to: '5511988887777',
    clientMessageId: 'client-1',
    text: 'olá',
    ...fields,
  };
}

export function inbound(fake: FakeWhatsApp, message: WAMessage): void {
  fake.emit('messages.upsert', { type: 'notify', messages: [message] });
}
