import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadSlots } from '../src/media/download-slots';
import { CUSTOMER_JID, connectedBaileys, inbound, type Stores } from './support/baileys-harness';
import { sharedStores } from './support/shared-stores';

let stores: Stores;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

const doc = (id: string) => ({
  key: { remoteJid: CUSTOMER_JID, fromMe: false, id },
  message: { documentMessage: { mimetype: 'application/pdf', fileName: 'a.pdf', fileLength: 3, caption: 'segue' } },
});

describe('inbound downloads per host (issue 29)', () => {
  it('never runs more tasks than its slots, even when a freed slot meets a newcomer', async () => {
    const slots = new DownloadSlots(3);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 40 }, () => slots.run(task)));
    expect(peak).toBe(3);
    expect(slots.active).toBe(0);
  });

  it("caps downloads over all of a host's connections, not only per connection", async () => {
    const hostDownloads = new DownloadSlots(1);
    const streams: PassThrough[] = [];
    const downloadMedia = async () => {
      const stream = new PassThrough();
      streams.push(stream);
      return stream;
    };
    const first = await connectedBaileys(stores, { hostDownloads, downloadMedia, mediaLimits: { concurrency: 2 } });
    const second = await connectedBaileys(stores, { hostDownloads, downloadMedia, mediaLimits: { concurrency: 2 } });
    inbound(first.fake, doc('A'));
    inbound(second.fake, doc('B'));
    await first.events.waitFor('message.received');
    await second.events.waitFor('message.received');
    await new Promise((r) => setTimeout(r, 100));
    expect(streams).toHaveLength(1); // the other connection's file waits for the host's one slot

    streams[0]!.end(Buffer.from('pdf'));
    await new Promise((r) => setTimeout(r, 300));
    expect(streams).toHaveLength(2);
    streams[1]!.end(Buffer.from('pdf'));
    const stored = await Promise.race([first.events.waitFor('message.media'), second.events.waitFor('message.media')]);
    expect(stored).toMatchObject({ type: 'message.media' });
  });
});
