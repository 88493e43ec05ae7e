/**
 * What one WhatsApp number costs a session host with Baileys 7 (issue 29: size the task from measurement,
 * not from the simulator's 0.5 MB). Two measurements, each in its own process so one's garbage is not the
 * other's figure (starts its own DynamoDB Local; needs Java 17):
 *
 * `npx tsx bench/baileys-socket-memory.ts adapter [sessions]` — the real `BaileysAdapter` (event handling,
 *   chat index, own-send memory, retry counters, number cache, the DynamoDB auth state and its key cache)
 *   on the fake socket of the session host's tests, with Baileys' own Signal repository over the same key
 *   store. Each session pairs, then replays the traffic script of support/baileys-replay.ts: a history sync
 *   (500 chats, 2,000 messages, 500 contacts with their LID mappings), an offline burst of 300 messages from
 *   50 customers ('append' then 'notify', each decrypted first), then 20 rounds of message, reply (encrypted),
 *   receipts and presence. All sessions replay at once, as after a deploy.
 * `npx tsx bench/baileys-socket-memory.ts socket [sockets]` — the library's own per-socket baseline:
 *   `makeWASocket` with the adapter's configuration (socket-config.ts) against a local WebSocket server
 *   that accepts and never answers the Noise handshake (WhatsApp's certificate cannot be forged), so
 *   every socket holds its WebSocket, Noise state, event buffer, Signal repository, LID store and caches.
 *
 * Heap and RSS are read after forced GC; CPU is the process's user + system time over the replay.
 */
import { NodeCache } from '@cacheable/node-cache';
import { makeWASocket, type CacheStore } from '@whiskeysockets/baileys';
import { WebSocketServer } from 'ws';
import { ensureTable, startDynamoDbLocal } from '../infra/local/emulators/dynamodb-local';
import { BaileysAdapter } from '../session-host/src/adapters/baileys/baileys-adapter';
import { socketConfig, type SocketFactory } from '../session-host/src/adapters/baileys/socket-config';
import type { AdapterEvent } from '../session-host/src/adapters/channel-adapter';
import { DynamoDbAuthStateStore } from '../session-host/src/auth-state/dynamodb-auth-state';
import { createAwsClients, REQUEST_TIMEOUTS_MS } from '../session-host/src/aws/clients';
import { silentLogger } from '../session-host/src/logger';
import { MediaStore } from '../session-host/src/media/media-store';
import { FakeWhatsApp } from '../session-host/test/support/fake-whatsapp';
import { ChatIndex } from '../session-host/src/adapters/baileys/chat-index';
import { WaVersionSource } from '../session-host/src/adapters/baileys/wa-version';
import { OwnSends } from '../session-host/src/adapters/baileys/inbound-messages';
import { NumberResolver } from '../session-host/src/adapters/baileys/number-resolver';
import {
  arrivalOrder,
  customerJid,
  customerTexts,
  DEFAULT_SHAPE,
  historySync,
  inboundMessage,
  presence,
  receiptsFor,
  type ReplayShape,
} from './support/baileys-replay';
import { openSealed, sealFromCustomers, socketSignalRepository } from './support/signal-peers';
import { printTable, round } from './support/stats';
import { settledMemory, type MemorySample } from './support/memory-sample';

const MODE = process.argv[2] ?? 'adapter';
const COUNT = Number(process.argv[3] ?? 50);
const SHAPE: ReplayShape = {
  ...DEFAULT_SHAPE,
  ...(process.env.BENCH_STEADY_ROUNDS ? { steadyRounds: Number(process.env.BENCH_STEADY_ROUNDS) } : {}),
};

type Sample = MemorySample;
const sample = () => settledMemory(4);
const MB = 1024 * 1024;
const perSession = (a: Sample, b: Sample, n: number) => ({
  'RSS MB': round((b.rss - a.rss) / MB / n, 2),
  'heap MB': round((b.heapUsed - a.heapUsed) / MB / n, 2),
  'external MB': round((b.external - a.external) / MB / n, 2),
});
const totals = (label: string, s: Sample) => ({
  state: label,
  'RSS MB': round(s.rss / MB),
  'heap MB': round(s.heapUsed / MB),
  'external MB': round(s.external / MB),
});

/** Highest RSS seen while `run` runs (sampled every 20 ms): the burst's transient garbage counts here. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await run();
    return { value, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

async function environment() {
  const ddbLocal = await startDynamoDbLocal();
  const tableName = `bench-baileys-${Date.now()}`;
  await ensureTable(ddbLocal.endpoint, tableName);
  // DynamoDB Local on a shared 2-core machine answers a burst of 50+ sessions' key writes slower than AWS does.
  const clients = createAwsClients(
    { region: 'us-east-1', dynamoDbEndpoint: ddbLocal.endpoint, s3Endpoint: 'http://127.0.0.1:1' },
    { ...REQUEST_TIMEOUTS_MS, dynamoDb: 120_000, connect: 30_000 },
  );
  const authStore = new DynamoDbAuthStateStore({ ddb: clients.ddb, tableName });
  const stop = async () => {
    clients.destroy();
    await ddbLocal.stop();
  };
  return { clients, authStore, media: new MediaStore(clients.s3, 'unused'), stop };
}

const waitUntil = async (test: () => boolean, what: string, ms = 600_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** One number on the real adapter and the fake socket, paired; sends are encrypted with Baileys' repository. */
async function pairedSession(index: number, env: Awaited<ReturnType<typeof environment>>) {
  const log = silentLogger();
  const fake = new FakeWhatsApp();
  let repo: ReturnType<typeof socketSignalRepository> | undefined;
  const createSocket: SocketFactory = (params) => {
    const socket = fake.factory(params);
    repo = socketSignalRepository(params.auth.creds, params.auth.keys, log); // as makeWASocket builds it
    const send = socket.sendMessage.bind(socket);
    socket.sendMessage = async (jid, content, options) => {
      if ('text' in content) await repo!.encryptMessage({ jid, data: Buffer.from(content.text) });
      return send(jid, content, options);
    };
    return socket;
  };
  const versions = new WaVersionSource({ fetch: async () => ({ version: [2, 3000, 1], isLatest: true }) }); // no network
  const adapter = new BaileysAdapter({ log, createSocket, versions });
  // Counts events and keeps nothing (the SQS publisher does not keep them either).
  const counts = new Map<AdapterEvent['type'], number>();
  adapter.onEvent(async (e) => void counts.set(e.type, (counts.get(e.type) ?? 0) + 1));
  const seen = (type: AdapterEvent['type']) => counts.get(type) ?? 0;
  const companyId = `co-${index % 10}`;
  const connectionId = `cn-${String(index).padStart(4, '0')}`;
  const auth = env.authStore.forConnection(companyId, connectionId);
  const options = { companyId, connectionId, auth, media: env.media };
  await adapter.start(options);
  await waitUntil(() => seen('lifecycle.qr') > 0, 'QR');
  fake.scan(`55119${String(index).padStart(8, '0')}`);
  await waitUntil(() => seen('lifecycle.closed') > 0, 'restart after pairing');
  await adapter.start(options);
  await waitUntil(() => seen('lifecycle.open') > 0, 'open');
  return { index, fake, adapter, auth, seen, repo: () => repo!, companyId, connectionId };
}
type Session = Awaited<ReturnType<typeof pairedSession>>;

async function replay(s: Session, sealed: Awaited<ReturnType<typeof sealFromCustomers>>): Promise<number> {
  const { offline, steady } = arrivalOrder(sealed, s.index, SHAPE);
  const repo = s.repo();
  const history = historySync(s.index, SHAPE);
  await repo.lidMapping.storeLIDPNMappings(history.lidPnMappings!); // what Baileys does with the bootstrap's mappings
  s.fake.emit('messaging-history.set', history);
  const open = async (batch: typeof offline, from: number) =>
    Promise.all(batch.map(async (m, i) => inboundMessage(m.from, `OFF${s.index}X${from + i}`, await openSealed(repo, m))));
  const half = Math.floor(offline.length / 2);
  s.fake.emit('messages.upsert', { type: 'append', messages: await open(offline.slice(0, half), 0) });
  s.fake.emit('messages.upsert', { type: 'notify', messages: await open(offline.slice(half), half) });
  for (const [r, m] of steady.entries()) {
    s.fake.emit('presence.update', presence(m.from));
    s.fake.emit('messages.upsert', {
      type: 'notify',
      messages: [inboundMessage(m.from, `LIVE${s.index}X${r}`, await openSealed(repo, m))],
    });
    const sent = await s.adapter.send(
      {
        type: 'message.send',
        commandId: `cmd-${s.index}-${r}`,
        companyId: s.companyId,
        connectionId: s.connectionId,
        issuedAt: '',
        to: m.from.split('@')[0]!,
        clientMessageId: `c-${s.index}-${r}`,
        text: `resposta ${r}: o prazo é de 3 dias úteis`,
      },
      `3EB0BENCH${s.index}X${r}`,
    );
    const { updates, receipts } = receiptsFor(m.from, sent.externalId);
    s.fake.emit('messages.update', updates);
    s.fake.emit('message-receipt.update', receipts);
  }
  const received = offline.length + steady.length;
  await waitUntil(() => s.seen('message.received') >= received, `session ${s.index}'s messages`);
  await s.auth.flush();
  s.fake.sent.length = 0; // the fake's records of what was sent are the test's, not the host's
  return received;
}

async function adapterMode(): Promise<void> {
  const env = await environment();
  const before = await sample();
  const sessions: Session[] = [];
  for (let i = 0; i < COUNT; i += 10)
    sessions.push(
      ...(await Promise.all(Array.from({ length: Math.min(10, COUNT - i) }, (_, k) => pairedSession(i + k, env)))),
    );
  const idle = await sample();

  let sealed = await Promise.all(
    sessions.map((s) =>
      sealFromCustomers({ creds: s.auth.creds, jid: s.auth.creds.me!.id }, customerTexts(s.index, SHAPE), silentLogger()),
    ),
  );
  await sample(); // the customers' phones are gone; only their ciphertexts remain, consumed by the replay
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { value: messages, peak } = await peakRss(async () =>
    (await Promise.all(sessions.map((s, i) => replay(s, sealed[i]!)))).reduce((a, b) => a + b, 0),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  sealed = [];
  const after = await sample();
  const cpuSeconds = (used.user + used.system) / 1e6;
  const cachedKeys = sessions.reduce((n, s) => n + s.auth.cachedKeys, 0) / COUNT;

  console.log(`\nBaileys adapter on the fake socket — ${COUNT} sessions, replay of ${JSON.stringify(SHAPE)}\n`);
  printTable([
    totals('host, no sessions', before),
    totals(`${COUNT} paired, idle`, idle),
    totals(`${COUNT} after the replay`, after),
  ]);
  console.log(
    `\npeak RSS during the replay: ${round(peak / MB)} MB; replay ${round(seconds)} s wall, ${round(cpuSeconds)} s CPU`,
  );
  console.log(
    `${messages} inbound messages decrypted and translated, ${COUNT * SHAPE.steadyRounds} replies encrypted and sent`,
  );
  console.log(`key cache: ${round(cachedKeys, 0)} entries per session on average\n`);
  printTable([
    { 'per session': 'paired, idle', ...perSession(before, idle, COUNT) },
    { 'per session': 'after the replay', ...perSession(before, after, COUNT) },
    {
      'per session': 'peak during the replay',
      'RSS MB': round((peak - before.rss) / MB / COUNT, 2),
      'heap MB': '',
      'external MB': '',
    },
  ]);
  console.log(
    `\nCPU: ${round((cpuSeconds * 1000) / messages, 2)} ms per inbound message (decrypt + translate + its share of the sync and replies); ` +
      `${round((cpuSeconds / COUNT) * 1000)} ms per session for the whole script`,
  );
  await Promise.all(sessions.map((s) => s.adapter.stop()));
  await env.stop();
}

async function socketMode(): Promise<void> {
  const env = await environment();
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  let connected = 0;
  server.on('connection', () => (connected += 1)); // never answers the client hello
  const { port } = server.address() as { port: number };
  const log = silentLogger();
  const before = await sample();
  const sockets: ReturnType<typeof makeWASocket>[] = [];
  for (let i = 0; i < COUNT; i++) {
    const auth = env.authStore.forConnection(`co-${i % 10}`, `cn-sock-${i}`);
    await auth.ensureLoaded();
    const config = socketConfig({
      auth: auth.state,
      logger: log,
      getMessage: async () => undefined,
      cachedGroupMetadata: async () => undefined,
      msgRetryCounterCache: new NodeCache({ stdTTL: 3600, useClones: false }) as CacheStore,
    });
    sockets.push(makeWASocket({ ...config, waWebSocketUrl: `ws://127.0.0.1:${port}/ws/chat`, connectTimeoutMs: 600_000 }));
  }
  await waitUntil(() => connected === COUNT, 'every socket connected', 60_000);
  const open = await sample();
  console.log(
    `\nmakeWASocket baseline — ${COUNT} sockets connected to a silent local server (waiting for the server hello)\n`,
  );
  printTable([totals('host, no sockets', before), totals(`${COUNT} sockets`, open)]);
  console.log('');
  printTable([{ 'per socket': 'connecting, before login', ...perSession(before, open, COUNT) }]);
  for (const socket of sockets) socket.end(undefined);
  server.close();
  await env.stop();
}

/**
 * What a long-lived connection holds once its bounded memories are full, which a short replay does not
 * reach: the key cache at its cap (2,000 entries, filled the real way: customers' first messages
 * decrypted through Baileys' repository, each writing a session and an identity key) and the chat index
 * at its cap (20,000 messages, LID chats).
 */
async function boundsMode(): Promise<void> {
  const env = await environment();
  const log = silentLogger();
  const auth = env.authStore.forConnection('co-bounds', 'cn-bounds');
  await auth.ensureLoaded();
  auth.creds.me = { id: '5511900000000:7@s.whatsapp.net' };
  const repo = socketSignalRepository(auth.creds, auth.state.keys, log);
  const customers = Array.from({ length: COUNT }, (_, c) => ({ jid: customerJid(99, c), texts: ['olá'] }));
  const sealed = await sealFromCustomers({ creds: auth.creds, jid: auth.creds.me.id }, customers, log);
  const empty = await sample();
  for (const m of sealed) await openSealed(repo, m);
  await auth.flush();
  const keysFull = await sample(); // the ciphertexts are in both samples
  sealed.length = 0;
  const chats = new ChatIndex(log);
  for (let i = 0; i < 20_000; i++)
    chats.remember(`3A${String(i).padStart(18, '0')}`, { remoteJid: `${String(90_000_000_000_000 + (i % 3_000))}@lid` });
  const chatsFull = await sample();
  const numbers = new NumberResolver();
  const socket = { onWhatsApp: async (jid: string) => [{ jid, exists: true }] };
  for (let i = 0; i < 10_000; i++) await numbers.resolve(socket, customerJid(98, i));
  const numbersFull = await sample();
  const ownSends = new OwnSends();
  for (let i = 0; i < 2_000; i++) ownSends.remember(`3EB0${String(i).padStart(16, '0')}`);
  const sendsFull = await sample();
  console.log(`\nBounded memories of one connection (${COUNT} customers' first messages)\n`);
  printTable([
    { memory: `key cache, ${auth.cachedKeys} entries`, 'heap MB': round((keysFull.heapUsed - empty.heapUsed) / MB, 2) },
    {
      memory: `chat index, ${chats.size} messages in memory`,
      'heap MB': round((chatsFull.heapUsed - keysFull.heapUsed) / MB, 2),
    },
    { memory: 'number answers, 10,000', 'heap MB': round((numbersFull.heapUsed - chatsFull.heapUsed) / MB, 2) },
    { memory: 'own sends, 2,000', 'heap MB': round((sendsFull.heapUsed - numbersFull.heapUsed) / MB, 2) },
  ]);
  void [chats, numbers, ownSends]; // alive until the last sample
  await env.stop();
}

const MODES: Record<string, () => Promise<void>> = { adapter: adapterMode, socket: socketMode, bounds: boundsMode };
(MODES[MODE] ?? adapterMode)().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
