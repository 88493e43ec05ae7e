/**
 * Issue 11, message side: inbound files (3), refused sends (4), groups (9), LID fallbacks (10),
 * voice notes (11), retries after a restart (12), number checks (13). Fake WhatsApp + emulators.
 */
import { execFileSync } from 'node:child_process';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaileysAdapter } from '../src/adapters/baileys/baileys-adapter';
import { NotConnectedError, SendRefusedError } from '../src/adapters/channel-adapter';
import { silentLogger } from '../src/logger';
import { MediaTooLargeError } from '../src/media/media-store';
import { ffmpegTranscoder } from '../src/media/voice-notes';
import {
  CUSTOMER_JID,
  connectedBaileys,
  inbound,
  offlineVersions,
  sendCommand,
  type Stores,
} from './support/baileys-harness';
import { EventRecorder } from './support/event-recorder';
import { sharedStores } from './support/shared-stores';

let stores: Stores;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

const doc = (id: string, fileLength: number) => ({
  key: { remoteJid: CUSTOMER_JID, fromMe: false, id },
  message: { documentMessage: { mimetype: 'application/pdf', fileName: 'grande.pdf', fileLength, caption: 'segue' } },
});

describe('inbound files', () => {
  it('refuses a file announced over the limit without downloading it, and still reports the message', async () => {
    let downloads = 0;
    const h = await connectedBaileys(stores, {
      mediaLimits: { maxBytes: 1024 * 1024 },
      downloadMedia: async () => {
        downloads += 1;
        return Readable.from([]);
      },
    });
    inbound(h.fake, doc('BIG', 2_000_000_000));
    expect((await h.events.waitFor('message.received')).message).toMatchObject({ externalId: 'BIG', body: 'segue' });
    expect(await h.events.waitFor('message.media')).toEqual({
      type: 'message.media',
      externalId: 'BIG',
      failure: { reason: 'too-large', sizeBytes: 2_000_000_000, limitBytes: 1024 * 1024 },
    });
    expect(downloads).toBe(0);
  });

  it('does not hold up the conversation behind a slow download, and bounds the wait', async () => {
    const stalled = new PassThrough(); // never ends
    const h = await connectedBaileys(stores, {
      mediaLimits: { downloadTimeoutMs: 300 },
      downloadMedia: async () => stalled,
    });
    inbound(h.fake, doc('SLOW', 5_000));
    inbound(h.fake, { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'NEXT' }, message: { conversation: 'oi?' } });
    await h.events.waitFor('message.received', (e) => e.message.externalId === 'NEXT');
    expect(h.events.of('message.media')).toEqual([]); // the text did not wait for the file
    expect(await h.events.waitFor('message.media', () => true, 0, 3_000)).toMatchObject({
      externalId: 'SLOW',
      failure: { reason: 'download-failed' },
    });
  });

  it('reports files still downloading or queued at a stop as failed, once each (WhatsApp will not send them again)', async () => {
    let started = 0;
    const h = await connectedBaileys(stores, {
      mediaLimits: { concurrency: 1 },
      downloadMedia: async () => {
        started += 1;
        return new PassThrough(); // never ends
      },
    });
    inbound(h.fake, doc('RUNNING', 5_000));
    inbound(h.fake, doc('QUEUED', 5_000));
    await h.events.waitFor('message.received', (e) => e.message.externalId === 'QUEUED');
    await new Promise((r) => setTimeout(r, 50));
    expect(h.events.of('message.media')).toEqual([]);
    await h.adapter.stop();
    expect(h.events.of('message.media')).toEqual([
      { type: 'message.media', externalId: 'RUNNING', failure: { reason: 'download-failed' } },
      { type: 'message.media', externalId: 'QUEUED', failure: { reason: 'download-failed' } },
    ]);
    await new Promise((r) => setTimeout(r, 100));
    expect(h.events.of('message.media')).toHaveLength(2);
    expect(started).toBe(1); // the queued one never started
  });

  it('streams a file into S3 in parts, and stops a file that turns out larger than announced', async () => {
    const { companyId, connectionId } = stores.ids();
    const mb = Buffer.alloc(1024 * 1024, 7);
    const twelveMb = () => Readable.from(Array.from({ length: 12 }, () => mb));
    const stored = await stores.media.putStream({
      companyId,
      connectionId,
      mimetype: 'application/pdf',
      fileName: 'a.pdf',
      body: twelveMb(),
      maxBytes: 50 * 1024 * 1024,
    });
    expect(stored.sizeBytes).toBe(12 * 1024 * 1024);
    expect((await stores.media.get(stored.key)).body.length).toBe(12 * 1024 * 1024);
    await expect(
      stores.media.putStream({
        companyId,
        connectionId,
        mimetype: 'application/pdf',
        body: twelveMb(),
        maxBytes: 3 * 1024 * 1024,
      }),
    ).rejects.toBeInstanceOf(MediaTooLargeError);
  });

  it('reports video notes, polls and reactions; albums only through their items; "delete for me" is not a deletion', async () => {
    const h = await connectedBaileys(stores);
    h.downloads.set('PTV', Buffer.from('mp4'));
    inbound(h.fake, {
      key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'ALBUM' },
      message: { albumMessage: { expectedImageCount: 2 } },
    });
    inbound(h.fake, {
      key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'PTV' },
      message: { ptvMessage: { mimetype: 'video/mp4', fileLength: 3 } },
    });
    inbound(h.fake, {
      key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'POLL' },
      message: { pollCreationMessageV3: { name: 'Horário?', options: [{ optionName: 'manhã' }, { optionName: 'tarde' }] } },
    });
    h.fake.emit('messages.reaction', [
      {
        key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'MINE' },
        reaction: { text: '👍', key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'R1' } },
      },
    ]);
    h.fake.emit('messages.delete', { keys: [{ remoteJid: CUSTOMER_JID, fromMe: false, id: 'PTV' }] });

    expect(await h.events.waitFor('message.media', (e) => e.externalId === 'PTV')).toMatchObject({
      media: { kind: 'video' },
    });
    expect((await h.events.waitFor('message.received', (e) => e.message.externalId === 'POLL')).message.body).toBe(
      '📊 Horário?\n- manhã\n- tarde',
    );
    expect(await h.events.waitFor('message.reaction')).toEqual({
      type: 'message.reaction',
      externalId: 'MINE',
      emoji: '👍',
      fromMe: false,
      from: { jid: CUSTOMER_JID, number: '5511988887777' },
    });
    expect(h.events.of('message.received').map((e) => e.message.externalId)).toEqual(['PTV', 'POLL']);
    expect(h.events.of('message.deleted')).toEqual([]);
  });
});

describe('sending', () => {
  it('turns an error ack (status ERROR) into message.sendFailed with the reason', async () => {
    const h = await connectedBaileys(stores);
    const sent = await h.adapter.send(sendCommand(h), '3EB0REFUSED');
    // What rc14's handleBadAck really emits for every 463: the code AND the restricted text (both of its
    // 463 constants are '463', so `isReachoutTimelocked` is always true for it).
    h.fake.emit('messages.update', [
      {
        key: { remoteJid: CUSTOMER_JID, fromMe: true, id: sent.externalId },
        update: { status: 0, messageStubParameters: ['463', 'Your account has been restricted'] },
      },
    ]);
    h.fake.emit('messages.update', [
      {
        key: { remoteJid: CUSTOMER_JID, fromMe: true, id: 'SMAX' },
        update: { status: 0, messageStubParameters: ['479'] },
      },
    ]);
    expect(await h.events.waitFor('message.sendFailed', (e) => e.externalId === '3EB0REFUSED')).toMatchObject({
      reason: 'account-restricted',
    });
    expect(await h.events.waitFor('message.sendFailed', (e) => e.externalId === 'SMAX')).toMatchObject({
      reason: 'rejected',
    });
    expect(h.events.of('message.ack')).toEqual([]);
  });

  it('checks a typed number with WhatsApp once, sends to the JID it answers, and refuses numbers not on WhatsApp', async () => {
    const h = await connectedBaileys(stores);
    h.fake.numberAliases.set('551188887777@s.whatsapp.net', '5511988887777@s.whatsapp.net'); // the ninth digit
    h.fake.notOnWhatsApp.add('5511900000000@s.whatsapp.net');
    await h.adapter.send(sendCommand(h, { to: '551188887777' }), '3EB0N1');
    await h.adapter.send(sendCommand(h, { to: '551188887777' }), '3EB0N2');
    expect(h.fake.sent.map((s) => s.jid)).toEqual(['5511988887777@s.whatsapp.net', '5511988887777@s.whatsapp.net']);
    expect(h.fake.onWhatsAppQueries).toEqual(['551188887777@s.whatsapp.net']);
    const refused = await h.adapter.send(sendCommand(h, { to: '5511900000000' }), '3EB0N3').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(SendRefusedError);
    expect(refused).toMatchObject({ reason: 'not-on-whatsapp', code: 'ERR_WAPP_INVALID_CONTACT' });
  });

  it('checks the number of a console send (<number>@s.whatsapp.net) too, once, and refuses one not on WhatsApp', async () => {
    const h = await connectedBaileys(stores);
    h.fake.numberAliases.set('551188887777@s.whatsapp.net', '5511988887777@s.whatsapp.net'); // the ninth digit
    h.fake.notOnWhatsApp.add('5511900000000@s.whatsapp.net');
    await h.adapter.send(sendCommand(h, { to: '551188887777@s.whatsapp.net' }), '3EB0J1');
    await h.adapter.send(sendCommand(h, { to: '551188887777@s.whatsapp.net' }), '3EB0J2');
    expect(h.fake.sent.map((s) => s.jid)).toEqual(['5511988887777@s.whatsapp.net', '5511988887777@s.whatsapp.net']);
    expect(h.fake.onWhatsAppQueries).toEqual(['551188887777@s.whatsapp.net']);
    for (const id of ['3EB0J3', '3EB0J4']) {
      const refused = await h.adapter
        .send(sendCommand(h, { to: '5511900000000@s.whatsapp.net' }), id)
        .catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(SendRefusedError);
      expect(refused).toMatchObject({ reason: 'not-on-whatsapp', code: 'ERR_WAPP_INVALID_CONTACT' });
    }
    expect(h.fake.onWhatsAppQueries).toEqual(['551188887777@s.whatsapp.net', '5511900000000@s.whatsapp.net']);
    expect(h.fake.sent).toHaveLength(2);
    // LIDs and groups cannot be looked up (Baileys: "LIDs are not supported with onWhatsApp"): sent as they are.
    await h.adapter.send(sendCommand(h, { to: '184467440737095@lid' }), '3EB0J5');
    await h.adapter.send(sendCommand(h, { to: '123@g.us' }), '3EB0J6');
    expect(h.fake.sent.slice(2).map((s) => s.jid)).toEqual(['184467440737095@lid', '123@g.us']);
    expect(h.fake.onWhatsAppQueries).toHaveLength(2);
  });

  it('sends to the number as given when WhatsApp does not answer the check (no refusal, nothing kept)', async () => {
    const h = await connectedBaileys(stores);
    let asked = 0;
    h.fake.current.onWhatsApp = async () => {
      asked += 1;
      return asked === 1 ? undefined : Promise.reject(new Error('Timed Out'));
    };
    await h.adapter.send(sendCommand(h, { to: '5511977770000@s.whatsapp.net' }), '3EB0U1');
    await h.adapter.send(sendCommand(h, { to: '5511977770000@s.whatsapp.net' }), '3EB0U2');
    expect(h.fake.sent.map((s) => s.jid)).toEqual(['5511977770000@s.whatsapp.net', '5511977770000@s.whatsapp.net']);
    expect(asked).toBe(2);
  });

  it('bounds a send that never settles, so one stuck send cannot hold the connection for good', async () => {
    const h = await connectedBaileys(stores, { sendTimeouts: { textMs: 200 } });
    const socket = h.fake.current;
    const realSend = socket.sendMessage.bind(socket);
    socket.sendMessage = () => new Promise(() => undefined); // WhatsApp never answers
    const stuck = await h.adapter.send(sendCommand(h), '3EB0STUCK').catch((err: unknown) => err);
    expect(stuck).toBeInstanceOf(Error);
    expect(stuck).not.toBeInstanceOf(NotConnectedError);
    expect((stuck as Error).message).toContain('took longer than 200 ms');
    socket.sendMessage = realSend;
    expect((await h.adapter.send(sendCommand(h, { text: 'de novo' }), '3EB0NEXT')).externalId).toBe('3EB0NEXT');
  });

  it('answers a retry request after a restart from DynamoDB, and keeps the retry counter outside the socket', async () => {
    const h = await connectedBaileys(stores);
    await h.adapter.send(sendCommand(h, { text: 'guardado' }), '3EB0KEPT');
    const restarted = new BaileysAdapter({ log: silentLogger(), createSocket: h.fake.factory, versions: offlineVersions() });
    await restarted.start({ ...h.options, auth: stores.authStore.forConnection(h.companyId, h.connectionId) });
    const content = await h.fake.current.params.getMessage({ remoteJid: CUSTOMER_JID, id: '3EB0KEPT', fromMe: true });
    expect(content?.extendedTextMessage?.text).toBe('guardado');
    expect(h.fake.sockets[0]!.params.msgRetryCounterCache).toBe(h.fake.sockets[1]!.params.msgRetryCounterCache);
  });

  it('caches group metadata for sends and drops it when the group changes', async () => {
    const h = await connectedBaileys(stores);
    await h.adapter.send(sendCommand(h, { to: '123@g.us' }), '3EB0G1');
    await h.adapter.send(sendCommand(h, { to: '123@g.us' }), '3EB0G2');
    expect(h.fake.groupMetadataFetches).toEqual(['123@g.us']);
    h.fake.emit('group-participants.update', { id: '123@g.us', author: 'x', participants: [], action: 'add' });
    await h.adapter.send(sendCommand(h, { to: '123@g.us' }), '3EB0G3');
    expect(h.fake.groupMetadataFetches).toEqual(['123@g.us', '123@g.us']);
  });

  it('sends read receipts to the chat JID a message came on, with the group participant', async () => {
    const h = await connectedBaileys(stores);
    inbound(h.fake, {
      key: { remoteJid: '184467440737095@lid', fromMe: false, id: 'ON-LID' },
      message: { conversation: 'oi' },
    });
    inbound(h.fake, {
      key: { remoteJid: '123@g.us', participant: '5511977776666@s.whatsapp.net', fromMe: false, id: 'IN-GROUP' },
      message: { conversation: 'oi grupo' },
    });
    await h.events.waitFor('message.received', (e) => e.message.externalId === 'IN-GROUP');
    await h.adapter.markRead({
      type: 'message.read',
      commandId: 'r',
      companyId: h.companyId,
      connectionId: h.connectionId,
      issuedAt: '',
      to: '5511988887777',
      externalIds: ['ON-LID'],
    });
    await h.adapter.markRead({
      type: 'message.read',
      commandId: 'r2',
      companyId: h.companyId,
      connectionId: h.connectionId,
      issuedAt: '',
      to: '123@g.us',
      externalIds: ['IN-GROUP'],
    });
    expect(h.fake.reads).toEqual([
      { remoteJid: '184467440737095@lid', id: 'ON-LID', fromMe: false },
      { remoteJid: '123@g.us', id: 'IN-GROUP', fromMe: false, participant: '5511977776666@s.whatsapp.net' },
    ]);
  });

  it('still sends receipts, deletes and quotes to the LID chat and group participant after a host restart', async () => {
    const h = await connectedBaileys(stores);
    inbound(h.fake, {
      key: { remoteJid: '184467440737095@lid', fromMe: false, id: 'R-LID' },
      message: { conversation: 'oi' },
    });
    inbound(h.fake, {
      key: { remoteJid: '123@g.us', participant: '5511977776666@s.whatsapp.net', fromMe: false, id: 'R-GROUP' },
      message: { conversation: 'oi grupo' },
    });
    inbound(h.fake, { key: { remoteJid: CUSTOMER_JID, fromMe: false, id: 'R-PN' }, message: { conversation: 'oi' } });
    await h.events.waitFor('message.received', (e) => e.message.externalId === 'R-PN');
    await h.adapter.stop();

    // A new process: nothing in memory, the same connection's table.
    const restarted = new BaileysAdapter({ log: silentLogger(), createSocket: h.fake.factory, versions: offlineVersions() });
    const events = new EventRecorder(restarted);
    await restarted.start({ ...h.options, auth: stores.authStore.forConnection(h.companyId, h.connectionId) });
    await events.waitFor('lifecycle.open');
    const base = { commandId: 'r', companyId: h.companyId, connectionId: h.connectionId, issuedAt: '' };
    await restarted.markRead({ ...base, type: 'message.read', to: '5511988887777', externalIds: ['R-LID', 'R-PN'] });
    await restarted.markRead({ ...base, type: 'message.read', to: '123@g.us', externalIds: ['R-GROUP'] });
    expect(h.fake.reads).toEqual([
      { remoteJid: '184467440737095@lid', id: 'R-LID', fromMe: false },
      { remoteJid: CUSTOMER_JID, id: 'R-PN', fromMe: false },
      { remoteJid: '123@g.us', id: 'R-GROUP', fromMe: false, participant: '5511977776666@s.whatsapp.net' },
    ]);
    await restarted.deleteMessage({
      ...base,
      type: 'message.delete',
      to: '5511988887777',
      externalId: 'R-LID',
      fromMe: false,
    });
    expect(h.fake.sent.at(-1)!.jid).toBe('184467440737095@lid');
    await restarted.send(
      sendCommand(h, { to: CUSTOMER_JID, quoted: { externalId: 'R-LID', fromMe: false, body: 'oi' } }),
      '3EB0RQ',
    );
    expect(h.fake.sent.at(-1)!.options?.quoted?.key).toMatchObject({ remoteJid: '184467440737095@lid', id: 'R-LID' });
  });

  it('quotes a message under the chat JID it arrived on (its LID), not the number the reply goes to', async () => {
    const h = await connectedBaileys(stores);
    inbound(h.fake, {
      key: { remoteJid: '184467440737095@lid', fromMe: false, id: 'Q-LID' },
      message: { conversation: 'pergunta' },
    });
    await h.events.waitFor('message.received');
    await h.adapter.send(
      sendCommand(h, {
        to: '5511988887777@s.whatsapp.net',
        quoted: { externalId: 'Q-LID', fromMe: false, body: 'pergunta' },
      }),
      '3EB0Q',
    );
    expect(h.fake.sent.at(-1)!.options?.quoted?.key).toMatchObject({ remoteJid: '184467440737095@lid', id: 'Q-LID' });
  });

  it("finds the phone number of a LID chat in Baileys' mapping store when the message lacks it", async () => {
    const h = await connectedBaileys(stores);
    h.fake.lidMappings.set('184467440737095@lid', CUSTOMER_JID);
    inbound(h.fake, {
      key: { remoteJid: '184467440737095@lid', fromMe: false, id: 'NO-ALT' },
      pushName: 'Maria',
      message: { conversation: 'oi' },
    });
    expect((await h.events.waitFor('message.received')).message.contact).toMatchObject({
      jid: '184467440737095@lid',
      number: '5511988887777',
    });
  });
});

describe('voice notes', () => {
  const hasFfmpeg = (() => {
    try {
      execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.runIf(hasFfmpeg)('converts a browser WebM voice note to Ogg/Opus before sending it as a voice note', async () => {
    const webm = execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ]);
    const h = await connectedBaileys(stores);
    const key = (
      await stores.media.put({
        companyId: h.companyId,
        connectionId: h.connectionId,
        fileName: 'nota.webm',
        mimetype: 'audio/webm;codecs=opus',
        body: webm,
      })
    ).key;
    const sent = await h.adapter.send(
      sendCommand(h, {
        text: undefined,
        media: { kind: 'audio', key, mimetype: 'audio/webm;codecs=opus', voiceNote: true },
      }),
      '3EB0VOICE',
    );
    const content = h.fake.sent.at(-1)!.content as { audio: Buffer; ptt: boolean; mimetype: string };
    expect(content).toMatchObject({ ptt: true, mimetype: 'audio/ogg; codecs=opus' });
    expect(content.audio.subarray(0, 4).toString()).toBe('OggS');
    expect(sent.media?.mimetype).toBe('audio/ogg; codecs=opus');
  });

  it('refuses a voice note it cannot convert, with a reason the console can show', async () => {
    const h = await connectedBaileys(stores, { transcodeVoiceNote: ffmpegTranscoder('/nonexistent/ffmpeg') });
    const key = (
      await stores.media.put({
        companyId: h.companyId,
        connectionId: h.connectionId,
        fileName: 'n.webm',
        mimetype: 'audio/webm',
        body: Buffer.from('x'),
      })
    ).key;
    const refused = await h.adapter
      .send(sendCommand(h, { media: { kind: 'audio', key, mimetype: 'audio/webm', voiceNote: true } }), '3EB0NOFF')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SendRefusedError);
    expect(refused).toMatchObject({ reason: 'unsupported-format' });
    expect((refused as Error).message).toContain('ffmpeg');
    expect(h.fake.sent).toEqual([]);
  });
});
