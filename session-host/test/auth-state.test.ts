import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { BufferJSON, initAuthCreds, proto } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPk } from '../src/auth-state/auth-keys';
import { randomBytes } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CredentialsSupersededError, DynamoDbAuthStateStore } from '../src/auth-state/dynamodb-auth-state';
import { createTestEnvironment, type TestEnvironment } from './support/environment';

describe('DynamoDB auth state', () => {
  let env: TestEnvironment;
  let store: DynamoDbAuthStateStore;

  beforeAll(async () => {
    env = await createTestEnvironment();
    store = new DynamoDbAuthStateStore({ ddb: env.clients.ddb, tableName: env.config.tableName });
  });
  afterAll(() => env.destroy());

  it('round-trips credentials with their Buffers through BufferJSON', async () => {
    const auth = store.forConnection('company-1', 'conn-creds');
    const fresh = await auth.load();
    expect(auth.isRegistered).toBe(false);
    fresh.me = { id: '5511999990000:3@s.whatsapp.net', lid: '123456789012345:3@lid', name: 'Loja' };
    fresh.registered = true;
    await auth.saveCreds();

    const reloaded = await store.forConnection('company-1', 'conn-creds').load();

    expect(reloaded.me?.id).toBe('5511999990000:3@s.whatsapp.net');
    expect(Buffer.isBuffer(reloaded.noiseKey.private)).toBe(true);
    expect(Buffer.from(reloaded.noiseKey.private).equals(Buffer.from(fresh.noiseKey.private))).toBe(true);
    expect(reloaded.signedPreKey.signature).toEqual(fresh.signedPreKey.signature);
    expect(JSON.stringify(reloaded, BufferJSON.replacer)).toBe(JSON.stringify(fresh, BufferJSON.replacer));
  });

  it('serialises bursts of saveCreds so the newest snapshot wins', async () => {
    const auth = store.forConnection('company-1', 'conn-burst');
    const creds = await auth.load();
    const saves: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      creds.nextPreKeyId = i;
      saves.push(auth.saveCreds());
    }
    await Promise.all(saves);
    expect((await store.forConnection('company-1', 'conn-burst').load()).nextPreKeyId).toBe(19);
  });

  it('writes and reads keys in batches beyond the 25-write and 100-read limits', async () => {
    const auth = store.forConnection('company-1', 'conn-keys');
    await auth.load();
    const preKeys = Object.fromEntries(
      Array.from({ length: 140 }, (_, i) => [String(i), initAuthCreds().signedIdentityKey]),
    );
    await auth.keys.set({ 'pre-key': preKeys, session: { 'a.0': Buffer.from('session-bytes') } });

    const other = store.forConnection('company-1', 'conn-keys'); // a new host: empty cache
    const ids = [...Object.keys(preKeys), 'missing-1'];
    const read = await other.keys.get('pre-key', ids);

    expect(Object.keys(read)).toHaveLength(140);
    expect(read['139']!.private).toEqual(preKeys['139']!.private);
    expect(read['missing-1']).toBeUndefined();
    const sessions = await other.keys.get('session', ['a.0']);
    expect(Buffer.from(sessions['a.0']!).toString()).toBe('session-bytes');
  });

  it('deletes keys set to null and answers repeated reads from its cache', async () => {
    const auth = store.forConnection('company-1', 'conn-cache');
    await auth.load();
    await auth.keys.set({ 'sender-key': { g1: Buffer.from('one'), g2: Buffer.from('two') } });
    await auth.keys.set({ 'sender-key': { g2: null } });

    const stored = await env.clients.ddb.send(
      new QueryCommand({
        TableName: env.config.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': authPk('company-1', 'conn-cache') },
      }),
    );
    expect(stored.Items!.map((i) => i.SK)).toEqual(['key#sender-key#g1']);

    // Change the table behind the cache's back: the cached value is still what the socket wrote.
    await env.clients.ddb.send(
      new PutCommand({
        TableName: env.config.tableName,
        Item: {
          PK: authPk('company-1', 'conn-cache'),
          SK: 'key#sender-key#g1',
          data: JSON.stringify(Buffer.from('other'), BufferJSON.replacer),
        },
      }),
    );
    const cached = await auth.keys.get('sender-key', ['g1', 'g2']);
    expect(Buffer.from(cached.g1!).toString()).toBe('one');
    expect(cached.g2).toBeUndefined();
  });

  it('revives app-state sync keys as protobuf objects', async () => {
    const auth = store.forConnection('company-1', 'conn-appstate');
    await auth.load();
    const key = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('k'), timestamp: 5 });
    await auth.keys.set({ 'app-state-sync-key': { AAAA: key } });
    const read = await store.forConnection('company-1', 'conn-appstate').keys.get('app-state-sync-key', ['AAAA']);
    expect(read.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(read.AAAA!.keyData!).toString()).toBe('k');
  });

  it('clear() forgets the device but keeps executed-command markers', async () => {
    const auth = store.forConnection('company-1', 'conn-clear');
    const creds = await auth.load();
    creds.me = { id: '5511999990001:1@s.whatsapp.net' };
    await auth.saveCreds();
    await auth.keys.set({ 'pre-key': { 1: creds.noiseKey } });
    const pk = authPk('company-1', 'conn-clear');
    await env.clients.ddb.send(
      new PutCommand({ TableName: env.config.tableName, Item: { PK: pk, SK: 'cmd#c-1', entity: 'executedCommand' } }),
    );

    await auth.clear();

    expect(auth.isRegistered).toBe(false);
    const left = await env.clients.ddb.send(
      new QueryCommand({
        TableName: env.config.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    );
    expect(left.Items!.map((i) => i.SK)).toEqual(['cmd#c-1']);
    const credsItem = await env.clients.ddb.send(
      new GetCommand({ TableName: env.config.tableName, Key: { PK: pk, SK: 'creds' } }),
    );
    expect(credsItem.Item).toBeUndefined();
  });

  it('stores an app-state hash past the 400 KB item limit and reads it back on another host', async () => {
    const auth = store.forConnection('company-1', 'conn-big');
    await auth.load();
    // ~10,000 synced index entries: about 1.3 MB of JSON, three times what one item may hold.
    const indexValueMap = Object.fromEntries(
      Array.from({ length: 10_000 }, () => [randomBytes(32).toString('base64'), { valueMac: randomBytes(32) }]),
    );
    const state = { version: 7, hash: randomBytes(128), indexValueMap };
    await auth.keys.set({ 'app-state-sync-version': { regular: state } });
    const read = (await store.forConnection('company-1', 'conn-big').keys.get('app-state-sync-version', ['regular']))
      .regular!;
    expect(read.version).toBe(7);
    expect(Object.keys(read.indexValueMap)).toHaveLength(10_000);
    const [first] = Object.keys(indexValueMap);
    expect(Buffer.from(read.indexValueMap[first!]!.valueMac).equals(indexValueMap[first!]!.valueMac)).toBe(true);

    // A smaller state replaces it, and the parts of the big one are gone.
    const reader = store.forConnection('company-1', 'conn-big');
    await reader.keys.get('app-state-sync-version', ['regular']);
    await reader.keys.set({
      'app-state-sync-version': { regular: { version: 8, hash: randomBytes(128), indexValueMap: {} } },
    });
    const items = await env.clients.ddb.send(
      new QueryCommand({
        TableName: env.config.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': authPk('company-1', 'conn-big') },
      }),
    );
    expect(items.Items!.map((i) => i.SK)).toEqual(['key#app-state-sync-version#regular']);
    expect(
      (await store.forConnection('company-1', 'conn-big').keys.get('app-state-sync-version', ['regular'])).regular!.version,
    ).toBe(8);
  });

  it('writes the parts of a split value in batches before the one that writes its main item', async () => {
    const real = env.clients.ddb;
    const batches: string[][] = [];
    const recording = {
      send: async (command: { constructor: { name: string }; input: unknown }) => {
        if (command.constructor.name === 'BatchWriteCommand') {
          const input = command.input as { RequestItems: Record<string, { PutRequest?: { Item: { SK: string } } }[]> };
          batches.push(Object.values(input.RequestItems).flatMap((rs) => rs.map((r) => r.PutRequest?.Item.SK ?? '')));
        }
        if (command.constructor.name === 'TransactWriteCommand') {
          const input = command.input as { TransactItems: { Put?: { Item: { SK: string } } }[] };
          batches.push(input.TransactItems.map((r) => r.Put?.Item.SK ?? ''));
        }
        return real.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    const auth = new DynamoDbAuthStateStore({ ddb: recording, tableName: env.config.tableName }).forConnection(
      'company-1',
      'conn-split-order',
    );
    await auth.load();
    const indexValueMap = Object.fromEntries(
      Array.from({ length: 10_000 }, () => [randomBytes(32).toString('base64'), { valueMac: randomBytes(32) }]),
    );
    await auth.keys.set({
      'app-state-sync-version': { regular: { version: 1, hash: randomBytes(128), indexValueMap } },
      session: { 'a.0': Buffer.from('s') },
    });
    const main = 'key#app-state-sync-version#regular';
    const mainBatch = batches.findIndex((b) => b.includes(main));
    const partBatches = batches.flatMap((b, i) => (b.some((sk) => sk.startsWith(`${main}#part#`)) ? [i] : []));
    expect(partBatches.length).toBeGreaterThan(0);
    expect(Math.max(...partBatches)).toBeLessThan(mainBatch);
  });

  it('refuses Signal key writes from a host whose lease another host took, at its very next write, and says so', async () => {
    // Fenced in the write itself (issue 29 defect 13): no check window in which a zombie still writes.
    const leased = new DynamoDbAuthStateStore({ ddb: env.clients.ddb, tableName: env.config.tableName });
    const zombie = leased.forConnection('company-1', 'conn-key-lease');
    const creds = await zombie.load();
    creds.me = { id: '5511999990003:1@s.whatsapp.net' };
    await zombie.saveCreds();
    await zombie.keys.set({ session: { peer: Buffer.from('zombie-1') } });
    let told = false;
    zombie.onSuperseded(() => {
      told = true;
    });

    const next = leased.forConnection('company-1', 'conn-key-lease');
    await next.load(); // the replacement host takes the lease
    await next.keys.set({ session: { peer: Buffer.from('current') } });
    await expect(zombie.keys.set({ session: { peer: Buffer.from('zombie-2') } })).rejects.toBeInstanceOf(
      CredentialsSupersededError,
    );
    expect(told).toBe(true);
    const stored = await leased.forConnection('company-1', 'conn-key-lease').keys.get('session', ['peer']);
    expect(Buffer.from(stored.peer!).toString()).toBe('current');
  });

  it('never lets a read that started before a write cache the older value (the Bad MAC race)', async () => {
    const real = env.clients.ddb;
    let releaseRead!: () => void;
    const readHeld = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    let holding = true;
    const slowReads = {
      send: async (command: { constructor: { name: string } }) => {
        const answer = await real.send(command as never); // read now, answer later
        if (holding && command.constructor.name === 'BatchGetCommand') {
          holding = false;
          await readHeld;
        }
        return answer;
      },
    } as unknown as DynamoDBDocumentClient;
    const seed = store.forConnection('company-1', 'conn-race');
    await seed.load();
    await seed.keys.set({ session: { peer: Buffer.from('old-session') } });

    const auth = new DynamoDbAuthStateStore({ ddb: slowReads, tableName: env.config.tableName }).forConnection(
      'company-1',
      'conn-race',
    );
    const staleRead = auth.keys.get('session', ['peer']); // misses the cache, reads 'old-session', then waits
    await new Promise((r) => setTimeout(r, 50));
    await auth.keys.set({ session: { peer: Buffer.from('new-session') } });
    releaseRead();
    const during = await staleRead;
    expect(Buffer.from(during.peer!).toString()).toBe('new-session');
    expect(Buffer.from((await auth.keys.get('session', ['peer'])).peer!).toString()).toBe('new-session');
  });

  it('refuses credential writes from a host whose lease another host took', async () => {
    const first = store.forConnection('company-1', 'conn-lease');
    const creds = await first.load();
    creds.me = { id: '5511999990002:1@s.whatsapp.net' };
    await first.saveCreds();
    const second = store.forConnection('company-1', 'conn-lease');
    await second.load();
    let told = false;
    first.onSuperseded(() => {
      told = true;
    });

    creds.me = { id: '5511999990002:1@s.whatsapp.net', name: 'stale' };
    await expect(first.saveCreds()).rejects.toBeInstanceOf(CredentialsSupersededError);
    expect(told).toBe(true);
    second.creds.me = { id: '5511999990002:1@s.whatsapp.net', name: 'current' };
    await second.saveCreds();
    expect((await store.forConnection('company-1', 'conn-lease').load()).me?.name).toBe('current');
  });
});
