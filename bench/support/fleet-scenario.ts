/**
 * Issue 29's fleet goal, as processes: `hosts` session-host processes (simulator adapter, fleet mode,
 * production lease timing 20 s / 5 s) on their own emulators, `connections` simulated connections
 * paired through the simulator, then one host SIGKILLed while messages are sent through the outbound
 * queue (as the platform sends them), then one more host started. Measured:
 * - failover: seconds until every connection of the killed host is CONNECTED on another;
 * - messages: each command's text counted on the simulated phones (the simulator's stored
 *   conversations), so a lost or doubled message shows;
 * - double runs: every host's session list polled all along; a connection listed by two hosts in two
 *   polls in a row is a double run (one poll alone can straddle a handoff, which takes milliseconds);
 * - rebalancing: seconds until the new host runs at least 15 % of the connections.
 * Used by e2e/fleet-failover.test.ts (CI size) and bench/fleet-failover.ts (full size).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import type { OutboundCommand } from '@atende/shared';
import { ensureTable, startDynamoDbLocal } from '../../infra/local/emulators/dynamodb-local';
import { freePort } from '../../infra/local/emulators/free-port';
import { startSqsEmulator } from '../../infra/local/emulators/sqs-emulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/emulators/local-aws';
import { REPO_ROOT } from '../../infra/lib/paths';

export interface FleetScenarioOptions {
  hosts: number;
  connections: number;
  companies: number;
  log?: (line: string) => void;
}

export interface FleetScenarioResult {
  connections: number;
  killedHeld: number;
  failoverSeconds: number;
  messagesSent: number;
  messagesLost: number;
  messagesDoubled: number;
  doubleRuns: string[];
  newHostShare: number;
  rebalanceSeconds: number;
  hostRssMb: number[];
}

const SECRET = 'fleet-scenario-secret-0123456789abcdef0123';
const CUSTOMER = '5511977776666';
const TABLE = 'fleet';

interface Host {
  index: number;
  child: ChildProcess;
  healthPort: number;
  simulatorPort: number;
}

interface Health {
  sessions: Record<string, number>;
  fleet?: { hostId: string; connections: string[]; connected: string[] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

export async function runFleetScenario(options: FleetScenarioOptions): Promise<FleetScenarioResult> {
  const log = options.log ?? (() => undefined);
  const [ddbLocal, aws] = await Promise.all([startDynamoDbLocal(), startSqsEmulator()]);
  const hosts: Host[] = [];
  const clientConfig = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ ...clientConfig, endpoint: ddbLocal.endpoint }));
  const sqs = new SQSClient({ ...clientConfig, endpoint: aws.endpoint });
  const s3 = new S3Client({ ...clientConfig, endpoint: aws.endpoint, forcePathStyle: true });
  try {
    await ensureTable(ddbLocal.endpoint, TABLE);
    const fifo = { FifoQueue: 'true', ContentBasedDeduplication: 'false', VisibilityTimeout: '60' };
    const [outbound, inbound] = await Promise.all([
      sqs.send(new CreateQueueCommand({ QueueName: 'outbound-0.fifo', Attributes: fifo })),
      sqs.send(new CreateQueueCommand({ QueueName: 'inbound.fifo', Attributes: fifo })),
    ]);
    await s3.send(new CreateBucketCommand({ Bucket: 'media' }));
    const env = {
      ...process.env,
      SESSION_FLEET: 'true',
      HOST_CAP: String(options.connections),
      ADAPTER: 'simulator',
      LOCAL_MODE: 'true',
      STAGE: 'local',
      LOG_LEVEL: 'warn',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      TABLE_NAME: TABLE,
      DYNAMODB_ENDPOINT: ddbLocal.endpoint,
      SQS_ENDPOINT: aws.endpoint,
      S3_ENDPOINT: aws.endpoint,
      MEDIA_BUCKET: 'media',
      QUEUE_URL_OUTBOUND_0: outbound.QueueUrl!,
      QUEUE_URL_INBOUND: inbound.QueueUrl!,
      JWT_SECRET: SECRET,
      OUTBOUND_VISIBILITY_SECONDS: '10',
    };
    const launch = async (index: number) => {
      const host: Host = { index, healthPort: await freePort(), simulatorPort: await freePort(), child: undefined! };
      host.child = spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, 'session-host/src/main.ts')], {
        cwd: REPO_ROOT,
        env: { ...env, HEALTH_PORT: String(host.healthPort), SIMULATOR_PORT: String(host.simulatorPort) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      hosts.push(host);
      await until(() => health(host).then(Boolean), 60_000, `host ${index} up`);
      return host;
    };
    const health = async (host: Host): Promise<Health | undefined> => {
      if (host.child.exitCode !== null || host.child.signalCode !== null) return undefined;
      const res = await fetch(`http://127.0.0.1:${host.healthPort}/health`);
      return res.ok ? ((await res.json()) as Health) : undefined;
    };
    const live = () => hosts.filter((h) => h.child.exitCode === null && h.child.signalCode === null);
    /** connectionId → host indexes listing it, over the live hosts. */
    const placement = async () => {
      const where = new Map<string, number[]>();
      for (const host of live()) {
        for (const id of (await health(host))?.fleet?.connections ?? [])
          where.set(id, [...(where.get(id) ?? []), host.index]);
      }
      return where;
    };
    const connected = async () => {
      let total = 0;
      for (const host of live()) total += (await health(host))?.sessions.CONNECTED ?? 0;
      return total;
    };

    const ids = Array.from({ length: options.connections }, (_, i) => ({
      companyId: `co-${i % options.companies}`,
      connectionId: `cn-${String(i).padStart(4, '0')}`,
    }));
    let sequence = 0;
    const send = (ref: (typeof ids)[number], body: Record<string, unknown>) => {
      const command = {
        ...ref,
        ...body,
        commandId: `cmd-${Date.now()}-${++sequence}`,
        issuedAt: new Date().toISOString(),
      } as OutboundCommand;
      return sqs.send(
        new SendMessageCommand({
          QueueUrl: outbound.QueueUrl!,
          MessageBody: JSON.stringify(command),
          MessageGroupId: command.connectionId,
          MessageDeduplicationId: command.commandId,
        }),
      );
    };

    // ---------------------------------------------------------------- fleet up, connections paired
    for (let i = 0; i < options.hosts; i++) await launch(i);
    log(`${options.hosts} hosts up`);
    for (const ref of ids) await send(ref, { type: 'session.start', adapter: 'simulator' });
    const tokens = new Map<string, string>();
    const token = async (companyId: string) => {
      if (!tokens.has(companyId))
        tokens.set(
          companyId,
          await new SignJWT({ cid: companyId, prf: 'admin', sup: false })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject('u-fleet')
            .setIssuedAt()
            .setExpirationTime('1h')
            .sign(new TextEncoder().encode(SECRET)),
        );
      return tokens.get(companyId)!;
    };
    const paired = new Set<string>();
    const scan = async (ref: (typeof ids)[number], host: Host) => {
      const res = await fetch(`http://127.0.0.1:${host.simulatorPort}/connections/${ref.connectionId}/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(ref.companyId)}` },
        body: '{}',
      });
      if (res.ok) paired.add(ref.connectionId);
    };
    let restartedAt = Date.now();
    await until(
      async () => {
        const where = await placement();
        const due = ids.filter((ref) => !paired.has(ref.connectionId) && where.has(ref.connectionId));
        for (let i = 0; i < due.length; i += 16) {
          await Promise.all(due.slice(i, i + 16).map((ref) => scan(ref, hosts[where.get(ref.connectionId)![0]!]!)));
        }
        // A QR left unscanned too long closes its session (as on a phone): start those again.
        if (Date.now() - restartedAt > 20_000) {
          restartedAt = Date.now();
          for (const ref of ids) {
            if (!paired.has(ref.connectionId) && !where.has(ref.connectionId))
              await send(ref, { type: 'session.start', adapter: 'simulator' });
          }
        }
        if (due.length) log(`${paired.size} of ${ids.length} paired`);
        return paired.size === ids.length;
      },
      Math.max(180_000, ids.length * 2_000),
      'every connection paired',
    );
    log(`${paired.size} connections paired`);
    await until(async () => (await connected()) === ids.length, 180_000, 'every connection CONNECTED');
    log(`${ids.length} connections CONNECTED`);

    // ---------------------------------------------------------------- watch for double runs
    const doubleRuns = new Set<string>();
    let watching = true;
    const watcher = (async () => {
      let previous = new Map<string, string>();
      while (watching) {
        const current = new Map<string, string>();
        for (const [id, on] of await placement().catch(() => new Map<string, number[]>())) {
          if (on.length > 1) current.set(id, on.join('+'));
        }
        for (const [id, on] of current) if (previous.get(id) === on) doubleRuns.add(`${id} on hosts ${on}`);
        previous = current;
        await sleep(200);
      }
    })();

    // ---------------------------------------------------------------- messages around a SIGKILL
    const texts: string[] = [];
    const sendRound = async (round: string) => {
      for (const ref of ids) {
        const text = `${round}-${ref.connectionId}`;
        texts.push(text);
        await send(ref, { type: 'message.send', to: CUSTOMER, clientMessageId: text, text });
      }
    };
    await sendRound('before');
    // The simulated phones live inside the hosts and store what they got 100 ms behind: a file the
    // killed host delivered but had not stored yet would count as lost. So the kill comes once the
    // first round is on the phones; the second round is sent while the host is dead.
    await until(async () => (await countTexts(ddb, ids)).size >= texts.length, 180_000, 'the first round on the phones');
    const victim = hosts[0]!;
    const victimHeld = new Set((await health(victim))?.fleet?.connections ?? []);
    await sleep(1_000);
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    log(`killed host 0 holding ${victimHeld.size}`);
    await sendRound('during');
    await until(
      async () => {
        let up = 0;
        for (const host of live()) {
          up += ((await health(host))?.fleet?.connected ?? []).filter((id) => victimHeld.has(id)).length;
        }
        return up === victimHeld.size;
      },
      90_000,
      "the killed host's connections CONNECTED elsewhere",
    );
    const failoverSeconds = (Date.now() - killedAt) / 1000;
    log(`failover in ${failoverSeconds.toFixed(1)} s`);
    await sendRound('after');

    // ---------------------------------------------------------------- a new host takes a share
    const fresh = await launch(options.hosts);
    const joinedAt = Date.now();
    const wanted = Math.ceil(ids.length * 0.15);
    await until(
      async () => ((await health(fresh))?.fleet?.connections.length ?? 0) >= wanted,
      150_000,
      'the new host takes 15 %',
    );
    const rebalanceSeconds = (Date.now() - joinedAt) / 1000;
    await until(async () => (await connected()) === ids.length, 120_000, 'every connection CONNECTED after rebalancing');
    const newHostShare = ((await health(fresh))?.fleet?.connections.length ?? 0) / ids.length;
    log(`new host holds ${(newHostShare * 100).toFixed(0)} % after ${rebalanceSeconds.toFixed(1)} s`);
    const hostRssMb = live().map((h) => rssMb(h.child.pid!));

    // ---------------------------------------------------------------- count on the phones
    await until(async () => (await countTexts(ddb, ids)).size >= texts.length, 120_000, 'every message on a phone').catch(
      () => undefined,
    );
    watching = false;
    await watcher;
    await Promise.all(live().map((h) => stopGracefully(h.child)));
    const received = await countTexts(ddb, ids);
    const lost = texts.filter((t) => !received.has(t));
    if (lost.length) log(`lost: ${lost.slice(0, 20).join(', ')}`);
    return {
      connections: ids.length,
      killedHeld: victimHeld.size,
      failoverSeconds,
      messagesSent: texts.length,
      messagesLost: lost.length,
      messagesDoubled: [...received.values()].filter((n) => n > 1).length,
      doubleRuns: [...doubleRuns],
      newHostShare,
      rebalanceSeconds,
      hostRssMb,
    };
  } finally {
    for (const host of hosts) host.child.kill('SIGKILL');
    ddb.destroy();
    sqs.destroy();
    s3.destroy();
    await Promise.all([ddbLocal.stop(), aws.stop()]);
  }
}

/** text → how many business messages carry it, over every connection's stored simulated conversations. */
async function countTexts(
  ddb: DynamoDBDocumentClient,
  ids: { companyId: string; connectionId: string }[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const ref of ids) {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb.send(
        new QueryCommand({
          TableName: TABLE,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': `C#${ref.companyId}#WAAUTH#${ref.connectionId}`, ':prefix': 'sim#msg#' },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        const message = item.message as { from: string; text: string };
        if (message.from === 'business') counts.set(message.text, (counts.get(message.text) ?? 0) + 1);
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }
  return counts;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

function stopGracefully(child: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    child.once('exit', () => resolveStop());
    child.kill('SIGTERM');
  });
}
