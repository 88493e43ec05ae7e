/**
 * Issue 11, connection side: pairing codes (1, 2), web version (5), final close reasons (6), and a new
 * QR unlinking the old device (15). Against the fake WhatsApp and the DynamoDB emulator.
 */
import { Browsers, getPlatformId, proto } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketConfig } from '../src/adapters/baileys/socket-config';
import { DynamoDbAuthStateStore } from '../src/auth-state/dynamodb-auth-state';
import { WaVersionSource } from '../src/adapters/baileys/wa-version';
import { silentLogger } from '../src/logger';
import { baileysOn, connectedBaileys, type Stores } from './support/baileys-harness';
import { sharedStores } from './support/shared-stores';

let stores: Stores;
beforeAll(async () => {
  stores = await sharedStores();
});
afterAll(() => stores.env.destroy());

describe('pairing', () => {
  it('announces a browser WhatsApp accepts pairing codes for (Chrome on a desktop OS), not "Atende (Ubuntu)"', () => {
    const config = socketConfig({
      auth: {} as never,
      logger: silentLogger(),
      getMessage: async () => undefined,
      cachedGroupMetadata: async () => undefined,
      msgRetryCounterCache: {} as never,
    });
    const [os, browser] = config.browser!;
    expect(browser).toBe('Chrome');
    expect(['Mac OS', 'Windows']).toContain(os);
    // Baileys sends getPlatformId(browser[1]) as companion_platform_id; '1' is its "unknown" fallback.
    expect(getPlatformId(browser)).toBe(String(proto.DeviceProps.PlatformType.CHROME));
    expect(config.browser).toEqual(Browsers.macOS('Chrome'));
  });

  it('processes only the history syncs that carry LID mappings', () => {
    const config = socketConfig({
      auth: {} as never,
      logger: silentLogger(),
      getMessage: async () => undefined,
      cachedGroupMetadata: async () => undefined,
      msgRetryCounterCache: {} as never,
    });
    const { INITIAL_BOOTSTRAP, PUSH_NAME, RECENT, FULL } = proto.HistorySync.HistorySyncType;
    const accepts = (syncType: number) =>
      config.shouldSyncHistoryMessage!({ syncType } as proto.Message.IHistorySyncNotification);
    expect([INITIAL_BOOTSTRAP, PUSH_NAME].map(accepts)).toEqual([true, true]);
    expect([RECENT, FULL].map(accepts)).toEqual([false, false]);
  });

  it('pins the settings whose Baileys defaults are the opposite, and drops status, channel and broadcast JIDs before decryption', () => {
    const config = socketConfig({
      auth: {} as never,
      logger: silentLogger(),
      getMessage: async () => undefined,
      cachedGroupMetadata: async () => undefined,
      msgRetryCounterCache: {} as never,
    });
    expect(config).toMatchObject({ syncFullHistory: false, markOnlineOnConnect: false });
    const ignores = config.shouldIgnoreJid!;
    expect(['status@broadcast', '1234@newsletter', '1700000000@broadcast'].map(ignores)).toEqual([true, true, true]);
    expect(['5511988887777@s.whatsapp.net', '184467440737095@lid', '1203@g.us'].map(ignores)).toEqual([false, false, false]);
  });

  it('drops an unfinished pairing on close, so the next start asks for a code again instead of reporting a logout', async () => {
    const h = baileysOn(stores, {}, { usePairingCode: true, phoneNumber: '+55 11 90000-1111' });
    await h.adapter.start(h.options);
    await h.events.waitFor('connection.pairingCode');
    expect(h.auth.isRegistered).toBe(false); // `me` is set, but nothing was paired
    expect(h.auth.hasUnfinishedPairing).toBe(true);

    h.fake.drop();
    const closed = await h.events.waitFor('lifecycle.closed');
    expect(closed.loggedOut).toBe(false);
    expect(h.auth.creds.me).toBeUndefined();
    // Nothing of the abandoned pairing is left in the table for another host to resume with.
    await h.auth.flush();
    expect((await stores.authStore.forConnection(h.companyId, h.connectionId).load()).me).toBeUndefined();
    h.fake.restore();
    const mark = h.events.mark();
    await h.adapter.start(h.options);
    await h.events.waitFor('connection.pairingCode', () => true, mark);
    expect(h.events.of('lifecycle.closed', mark)).toEqual([]);
  });

  it('drops a pairing left unfinished by a stop or a host restart, instead of resuming it into a logout', async () => {
    const h = baileysOn(stores, {}, { usePairingCode: true, phoneNumber: '+55 11 90000-1111' });
    await h.adapter.start(h.options);
    await h.events.waitFor('connection.pairingCode');
    await h.adapter.stop(); // SIGTERM, a deploy, Spot: no close handler runs
    expect((await stores.authStore.forConnection(h.companyId, h.connectionId).load()).me).toBeDefined();

    // The next host (or the same one after "Restart service") resumes the connection.
    const next = baileysOn(stores, { createSocket: h.fake.factory }, { ...h.options });
    const auth = stores.authStore.forConnection(h.companyId, h.connectionId);
    await next.adapter.start({ ...h.options, auth });
    expect(await next.events.waitFor('connection.pairingCode')).toMatchObject({ code: 'ABCD1234' });
    expect(next.events.of('lifecycle.closed')).toEqual([]);
  });

  it('reports a pairing code WhatsApp refused, instead of leaving a code the phone will never accept', async () => {
    const h = baileysOn(stores, {}, { usePairingCode: true, phoneNumber: '+55 11 90000-1111' });
    await h.adapter.start(h.options);
    await h.events.waitFor('connection.pairingCode');
    h.fake.refusePairing('400', 'bad-request');
    const closed = await h.events.waitFor('lifecycle.closed');
    expect(closed).toMatchObject({ final: true, loggedOut: false });
    expect(closed.reason).toBe('WhatsApp refused the pairing code (400 bad-request)');
  });

  it('reports a pairing code that could not even be requested', async () => {
    const h = baileysOn(stores, {}, { usePairingCode: true, phoneNumber: '+55 11 90000-1111' });
    await h.adapter.start(h.options);
    await h.events.waitFor('lifecycle.connecting');
    h.fake.current.requestPairingCode = async () => {
      throw new Error('Connection Closed');
    };
    const closed = await h.events.waitFor('lifecycle.closed');
    expect(closed).toMatchObject({ final: true });
    expect(closed.reason).toContain('Connection Closed');
    expect(h.events.of('connection.pairingCode')).toEqual([]);
  });

  it('treats a pairing request cut short by a dropped connection as the drop (retried), not as a refusal', async () => {
    const h = baileysOn(stores, {}, { usePairingCode: true, phoneNumber: '+55 11 90000-1111' });
    await h.adapter.start(h.options);
    const socket = h.fake.current;
    socket.requestPairingCode = async () => {
      socket.close(408, 'Connection was lost');
      throw new Error('Connection Closed');
    };
    const closed = await h.events.waitFor('lifecycle.closed');
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toMatchObject({ final: false });
    expect(h.events.of('lifecycle.closed')).toHaveLength(1);
  });

  it('counts a device as registered once the pairing finished (account written), not before', async () => {
    const h = await connectedBaileys(stores);
    expect(h.auth.isRegistered).toBe(true);
    await h.auth.flush();
    expect((await stores.authStore.forConnection(h.companyId, h.connectionId).load()).account).toBeDefined();
  });

  it('unlinks the old device from the phone before a new QR wipes its credentials', async () => {
    const h = await connectedBaileys(stores);
    const old = h.fake.current;
    let loggedOut = false;
    old.logout = async () => {
      loggedOut = true;
      old.close(401, 'Intentional Logout');
    };
    const mark = h.events.mark();
    await h.adapter.requestNewQr();
    expect(loggedOut).toBe(true);
    await h.events.waitFor('lifecycle.qr', () => true, mark);
    expect(h.auth.isRegistered).toBe(false);
  });
});

describe('web version', () => {
  it("fetches the current version once, honours WA_VERSION, and falls back to Baileys' own when the fetch fails", async () => {
    let fetches = 0;
    const source = new WaVersionSource({
      fetch: async () => {
        fetches += 1;
        return { version: [2, 3000, 42], isLatest: true };
      },
    });
    expect(await source.version()).toEqual([2, 3000, 42]);
    expect(await source.version()).toEqual([2, 3000, 42]);
    expect(fetches).toBe(1);
    expect(
      await new WaVersionSource({
        override: '2.3000.7',
        fetch: async () => {
          throw new Error('no');
        },
      }).version(),
    ).toEqual([2, 3000, 7]);
    expect(
      await new WaVersionSource({
        fetch: async () => {
          throw new Error('offline');
        },
      }).version(),
    ).toBeUndefined();
  });

  it('passes the version to the socket; a 405 refetches once and becomes final when the version does not change', async () => {
    const versions = new WaVersionSource({ fetch: async () => ({ version: [2, 3000, 9], isLatest: true }) });
    const h = baileysOn(stores, { versions });
    await h.adapter.start(h.options);
    await h.events.waitFor('lifecycle.qr');
    expect(h.fake.current.params.version).toEqual([2, 3000, 9]);
    h.fake.current.close(405, 'Connection Failure');
    expect(await h.events.waitFor('lifecycle.closed')).toMatchObject({ final: true });
  });

  it('after a mass 405, every session refused with the old version retries, not only the first', async () => {
    let current = 9;
    let fetches = 0;
    const versions = new WaVersionSource({
      fetch: async () => {
        fetches += 1;
        return { version: [2, 3000, current], isLatest: true };
      },
    });
    const sessions = [baileysOn(stores, { versions }), baileysOn(stores, { versions }), baileysOn(stores, { versions })];
    for (const h of sessions) await h.adapter.start(h.options);
    for (const h of sessions) await h.events.waitFor('lifecycle.qr');
    current = 10;
    // Two refused in the same instant, one a moment later.
    sessions[0]!.fake.current.close(405, 'Connection Failure');
    sessions[1]!.fake.current.close(405, 'Connection Failure');
    const closed = [
      await sessions[0]!.events.waitFor('lifecycle.closed'),
      await sessions[1]!.events.waitFor('lifecycle.closed'),
    ];
    sessions[2]!.fake.current.close(405, 'Connection Failure');
    closed.push(await sessions[2]!.events.waitFor('lifecycle.closed'));
    expect(closed.map((c) => c.final)).toEqual([false, false, false]);
    expect(fetches).toBe(2); // the first start, then one refetch for the three refusals
  });

  it('a version refused again is final for a while, then fetched again (WhatsApp may have moved on)', async () => {
    let now = 0;
    let current = 9;
    const versions = new WaVersionSource({
      fetch: async () => ({ version: [2, 3000, current], isLatest: true }),
      now: () => now,
    });
    expect(await versions.version()).toEqual([2, 3000, 9]);
    expect(await versions.refusedWith([2, 3000, 9])).toBe(false);
    expect(await versions.refusedWith([2, 3000, 9])).toBe(false);
    current = 10;
    now += 60_000;
    expect(await versions.refusedWith([2, 3000, 9])).toBe(false); // within the memo: no fetch storm
    now += 10 * 60_000;
    expect(await versions.refusedWith([2, 3000, 9])).toBe(true);
    expect(await versions.version()).toEqual([2, 3000, 10]);
  });

  it("a 405 retries when WhatsApp's current version moved on", async () => {
    let current = 9;
    const versions = new WaVersionSource({ fetch: async () => ({ version: [2, 3000, current], isLatest: true }) });
    const h = baileysOn(stores, { versions });
    await h.adapter.start(h.options);
    await h.events.waitFor('lifecycle.qr');
    current = 10;
    h.fake.current.close(405, 'Connection Failure');
    expect(await h.events.waitFor('lifecycle.closed')).toMatchObject({ final: false });
    const mark = h.events.mark();
    await h.adapter.start(h.options);
    await h.events.waitFor('lifecycle.qr', () => true, mark);
    expect(h.fake.current.params.version).toEqual([2, 3000, 10]);
  });
});

describe('final close reasons', () => {
  it.each([
    [440, 'another client'],
    [403, 'refused'],
    [411, 'mismatch'],
  ])('treats %i as final', async (code, text) => {
    const h = await connectedBaileys(stores);
    h.fake.current.close(code, 'Stream Errored (conflict)');
    const closed = await h.events.waitFor('lifecycle.closed', (e) => !e.restartRequired);
    expect(closed).toMatchObject({ final: true, loggedOut: false });
    expect(closed.reason).toContain(text);
  });

  it('a 408 (lost connection) is not final', async () => {
    const h = await connectedBaileys(stores);
    h.fake.drop();
    expect(await h.events.waitFor('lifecycle.closed', (e) => !e.restartRequired)).toMatchObject({ final: false });
  });

  it('stops for good when a Signal key write finds the lease taken by another host', async () => {
    const ids = stores.ids();
    const leased = new DynamoDbAuthStateStore({
      ddb: stores.env.clients.ddb,
      tableName: stores.env.config.tableName,
    });
    const auth = leased.forConnection(ids.companyId, ids.connectionId);
    const h = baileysOn(stores, {}, { ...ids, auth });
    await h.adapter.start(h.options);
    await h.events.waitFor('lifecycle.qr');
    h.fake.scan();
    await h.events.waitFor('lifecycle.closed', (e) => e.restartRequired);
    await h.adapter.start(h.options);
    await h.events.waitFor('lifecycle.open');
    await auth.flush();
    await leased.forConnection(ids.companyId, ids.connectionId).load(); // another host loads: it owns the lease now
    await expect(auth.keys.set({ session: { peer: Buffer.from('zombie') } })).rejects.toThrow('another session host');
    const closed = await h.events.waitFor('lifecycle.closed', (e) => !e.restartRequired);
    expect(closed).toMatchObject({ final: true });
    expect(closed.reason).toContain('another session host');
  });

  it('stops for good when another host took the credentials over (their writes are refused)', async () => {
    const h = await connectedBaileys(stores);
    await h.auth.flush();
    await stores.authStore.forConnection(h.companyId, h.connectionId).load(); // another host loads: it owns the lease now
    h.fake.current.ev.emit('creds.update', { lastAccountSyncTimestamp: 1 });
    const closed = await h.events.waitFor('lifecycle.closed', (e) => !e.restartRequired);
    expect(closed).toMatchObject({ final: true });
    expect(closed.reason).toContain('another session host');
  });
});
