/**
 * Session host memory per connection: 50 simulated connections in one host process.
 * `npx tsx bench/session-host-memory.ts` (starts its own DynamoDB Local; needs Java 17).
 *
 * Each connection is started and paired the real way (auth state in DynamoDB, shard registry,
 * session manager, simulator adapter), then exchanges a little traffic (contacts, messages both
 * ways, acks), so the figure includes a live conversation's state, not just an idle socket.
 * What it cannot measure: a real Baileys socket (WebSocket, Noise, libsignal sessions) — there is
 * no WhatsApp offline; see docs/decisions.md.
 */
import { ensureTable, startDynamoDbLocal } from '../infra/local/emulators/dynamodb-local';
import { SimulatorAdapter } from '../session-host/src/adapters/simulator/simulator-adapter';
import { SimulatorWorld } from '../session-host/src/adapters/simulator/simulator-world';
import { DynamoDbAuthStateStore } from '../session-host/src/auth-state/dynamodb-auth-state';
import { createAwsClients } from '../session-host/src/aws/clients';
import { silentLogger } from '../session-host/src/logger';
import { MediaStore } from '../session-host/src/media/media-store';
import type { EventSink } from '../session-host/src/queues/inbound-publisher';
import { ShardRegistry } from '../session-host/src/registry/shard-registry';
import { SessionManager } from '../session-host/src/session-manager';
import { settledMemory, type MemorySample } from './support/memory-sample';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CONTACTS_PER_CONNECTION = 5;
const MESSAGES_PER_CONTACT = 4; // each way

type Sample = MemorySample;
const sample = () => settledMemory(3);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(0);

async function main(): Promise<void> {
  const ddbLocal = await startDynamoDbLocal();
  const tableName = `bench-${Date.now()}`;
  await ensureTable(ddbLocal.endpoint, tableName);
  const clients = createAwsClients({
    region: 'us-east-1',
    dynamoDbEndpoint: ddbLocal.endpoint,
    s3Endpoint: 'http://127.0.0.1:1',
  });
  const log = silentLogger();
  // Counts and drops events, as the SQS publisher does once they are sent: keeping them would be measured.
  let published = 0;
  const sink: EventSink = {
    publish: async () => {
      published += 1;
    },
  };
  const world = new SimulatorWorld({
    media: new MediaStore(clients.s3, 'unused'),
    log,
    timing: { deliveredAckMs: 10, readAckMs: 30, networkLatencyMs: 1 },
  });
  const manager = new SessionManager({
    registry: new ShardRegistry(clients.ddb, tableName, 0),
    authStore: new DynamoDbAuthStateStore({ ddb: clients.ddb, tableName }),
    media: new MediaStore(clients.s3, 'unused'),
    sink,
    createAdapter: () => new SimulatorAdapter(world),
    adapters: ['simulator'],
    defaultAdapter: 'simulator',
    reconnect: { initialMs: 100, maxMs: 1_000 },
    log,
  });

  const before = await sample();
  const started = Date.now();
  const ids = Array.from({ length: CONNECTIONS }, (_, i) => ({
    companyId: `co-${i % 10}`,
    connectionId: `cn-${String(i).padStart(3, '0')}`,
  }));
  for (const [i, id] of ids.entries()) {
    await manager.execute({ type: 'session.start', commandId: `start-${i}`, issuedAt: '', adapter: 'simulator', ...id });
  }
  const waitFor = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 60_000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await waitFor(() => ids.every((id) => world.find(id.connectionId)?.awaitingScan), 'QR codes');
  for (const id of ids) await world.find(id.connectionId)!.scan();
  await waitFor(() => manager.snapshot().filter((s) => s.status === 'CONNECTED').length === CONNECTIONS, 'all connected');
  const pairedAt = Date.now();
  const idle = await sample();

  let sequence = 0;
  for (const id of ids) {
    const phone = world.find(id.connectionId)!;
    for (let c = 0; c < CONTACTS_PER_CONNECTION; c++) {
      const number = `55119${String(c).padStart(4, '0')}${id.connectionId.slice(-4).replace(/\D/g, '0')}`;
      phone.upsertContact({ name: `Cliente ${c}`, number });
      for (let m = 0; m < MESSAGES_PER_CONTACT; m++) {
        await phone.customerSends(number, { text: `mensagem ${m} do cliente` });
        await manager.execute({
          type: 'message.send',
          commandId: `send-${++sequence}`,
          issuedAt: '',
          to: number,
          clientMessageId: `c-${sequence}`,
          text: `resposta ${m}`,
          ...id,
        });
      }
    }
  }
  await new Promise((r) => setTimeout(r, 200)); // let acks settle
  const busy = await sample();

  const rows: [string, Sample][] = [
    ['before (host, no sessions)', before],
    [`${CONNECTIONS} connected, idle`, idle],
    [`${CONNECTIONS} connected, after traffic`, busy],
  ];
  console.log(
    `\nSession host memory — ${CONNECTIONS} simulated connections (paired in ${((pairedAt - started) / 1000).toFixed(1)} s; ${published} channel events)\n`,
  );
  console.log('| state | RSS MB | heap used MB | external MB |');
  console.log('|---|---:|---:|---:|');
  for (const [label, s] of rows) console.log(`| ${label} | ${mb(s.rss)} | ${mb(s.heapUsed)} | ${mb(s.external)} |`);
  console.log('\n| per connection | RSS KB | heap used KB |');
  console.log('|---|---:|---:|');
  console.log(
    `| idle (paired, no traffic) | ${kb((idle.rss - before.rss) / CONNECTIONS)} | ${kb((idle.heapUsed - before.heapUsed) / CONNECTIONS)} |`,
  );
  console.log(
    `| with ${CONTACTS_PER_CONNECTION} contacts × ${MESSAGES_PER_CONTACT * 2} messages | ${kb((busy.rss - before.rss) / CONNECTIONS)} | ${kb((busy.heapUsed - before.heapUsed) / CONNECTIONS)} |`,
  );

  await manager.stopAll();
  world.dispose();
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
