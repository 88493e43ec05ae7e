/**
 * Signal key store throughput (issue 11): the DynamoDB auth state the Baileys socket reads and writes on
 * every message. `npx tsx bench/session-host-key-store.ts [keys]` (starts its own DynamoDB Local).
 *
 * Measures, for one connection: `keys.set` of sessions in batches of 20 (Baileys commits a
 * transaction's keys together), cold `keys.get` (a fresh host: every read goes to DynamoDB), warm
 * `keys.get` (cache hits), a mixed load of concurrent gets and sets on overlapping keys (the pattern
 * of the Bad-MAC race fix), and one 1.3 MB app-state hash (split across items) written and read.
 */
import { randomBytes } from 'node:crypto';
import { ensureTable, startDynamoDbLocal } from '../infra/local/emulators/dynamodb-local';
import { DynamoDbAuthStateStore } from '../session-host/src/auth-state/dynamodb-auth-state';
import { createAwsClients } from '../session-host/src/aws/clients';
import { printTable, round, summarize } from './support/stats';

const KEYS = Number(process.argv[2] ?? 2_000);
const BATCH = 20;

const session = () => randomBytes(1_500); // a libsignal session record is 1–3 KB

async function timed(samples: number[], run: () => unknown): Promise<void> {
  const started = performance.now();
  await run();
  samples.push(performance.now() - started);
}

async function main(): Promise<void> {
  const ddbLocal = await startDynamoDbLocal();
  const tableName = `bench-keys-${Date.now()}`;
  await ensureTable(ddbLocal.endpoint, tableName);
  const clients = createAwsClients({
    region: 'us-east-1',
    dynamoDbEndpoint: ddbLocal.endpoint,
    s3Endpoint: 'http://127.0.0.1:1',
  });
  const store = new DynamoDbAuthStateStore({ ddb: clients.ddb, tableName, cacheEntries: KEYS * 2 });
  const ids = Array.from({ length: KEYS }, (_, i) => `5511${String(i).padStart(9, '0')}.0`);
  const batches = Array.from({ length: KEYS / BATCH }, (_, b) => ids.slice(b * BATCH, (b + 1) * BATCH));
  const rows: Record<string, string | number>[] = [];
  const row = (name: string, samples: number[], totalMs: number) =>
    rows.push({ ...summarize(name, samples), 'keys/s': round((samples.length * BATCH) / (totalMs / 1000), 0) });

  const writer = store.forConnection('co-bench', 'cn-bench');
  await writer.load();
  let samples: number[] = [];
  let started = performance.now();
  for (const batch of batches)
    await timed(samples, () => writer.keys.set({ session: Object.fromEntries(batch.map((id) => [id, session()])) }));
  row(`set, ${BATCH} sessions per call`, samples, performance.now() - started);

  const reader = store.forConnection('co-bench', 'cn-bench'); // another host: empty cache
  samples = [];
  started = performance.now();
  for (const batch of batches) await timed(samples, () => reader.keys.get('session', batch));
  row(`get cold, ${BATCH} per call`, samples, performance.now() - started);

  samples = [];
  started = performance.now();
  for (let round = 0; round < 5; round++)
    for (const batch of batches) await timed(samples, () => reader.keys.get('session', batch));
  row(`get warm, ${BATCH} per call`, samples, performance.now() - started);

  const mixed = store.forConnection('co-bench', 'cn-bench');
  samples = [];
  started = performance.now();
  await Promise.all(
    batches.map((batch, i) =>
      timed(samples, () =>
        i % 2 === 0
          ? mixed.keys.get('session', batch)
          : mixed.keys.set({ session: Object.fromEntries(batch.map((id) => [id, session()])) }),
      ),
    ),
  );
  row('mixed get/set, all calls at once', samples, performance.now() - started);

  const indexValueMap = Object.fromEntries(
    Array.from({ length: 10_000 }, () => [randomBytes(32).toString('base64'), { valueMac: randomBytes(32) }]),
  );
  samples = [];
  await timed(samples, () =>
    writer.keys.set({ 'app-state-sync-version': { regular: { version: 1, hash: randomBytes(128), indexValueMap } } }),
  );
  const bigWrite = samples[0]!;
  samples = [];
  await timed(samples, () => store.forConnection('co-bench', 'cn-bench').keys.get('app-state-sync-version', ['regular']));

  console.log(`\nSignal key store on DynamoDB Local — ${KEYS} session keys, one connection\n`);
  printTable(rows);
  console.log(
    `\napp-state hash of 10,000 entries (~1.3 MB JSON, gzip-split): write ${round(bigWrite)} ms, cold read ${round(samples[0]!)} ms`,
  );
  clients.destroy();
  await ddbLocal.stop();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
