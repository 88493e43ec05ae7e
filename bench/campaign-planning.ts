/**
 * The campaign engine at scale (issue 27): PLANNING a campaign over a 100,000-contact list on the
 * local emulators (DynamoDB Local, the SQS emulator), step by step through the dispatch queue as in
 * production, and then PACING: sends per minute per connection against the settings.
 *
 * Planning prints the wall time, the DynamoDB and SQS requests (one patched `Client.send`, as
 * request-counts.ts does; the dispatch queue's receives/deletes stand for Lambda's event-source
 * mapping and are listed apart), and the largest number of items written to one partition key in
 * one second (every PK of every Put/Update/BatchWrite/TransactWrite, by wall-clock second).
 *
 * Pacing runs a real campaign of two connections with messageInterval 5, longerIntervalAfter 20,
 * greaterInterval 20 for `paceSeconds` on the real SQS delays and counts the `message.send`
 * commands each connection's outbound queue received, against `expectedSendsPerMinute`.
 *
 * Run: nice -n 19 npx tsx bench/campaign-planning.ts [contacts=100000] [paceSeconds=180] [--json]
 */
import { ReceiveMessageCommand, DeleteMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { Client } from '@smithy/core/client';
import { ulid } from 'ulid';
import { monotonicUlid } from '@atende/shared/ids';
import type { CampaignSettings } from '@atende/shared';
import { startDynamoDbLocal, ensureTable } from '../infra/local/emulators/dynamodb-local';
import { createQueues, startSqsEmulator } from '../infra/local/emulators/sqs-emulator';
import { queueSpecs, queueUrlEnv, outboundQueueName } from '../functions/src/manifest';
import { resetDataClient } from '../functions/src/data/client';
import { insertCampaign, getCampaign, type CampaignRecord } from '../functions/src/data/campaigns';
import { putCampaignSettings } from '../functions/src/data/campaign-settings';
import { getProgress } from '../functions/src/data/campaign-progress';
import { insertConnection, type ConnectionRecord } from '../functions/src/data/connections';
import { insertContactList } from '../functions/src/data/contact-lists';
import { contactListItemId, insertContactListItems, ITEMS_PER_INSERT } from '../functions/src/data/contact-list-items';
import { beginSending } from '../functions/src/domain/campaign-sending/lifecycle';
import { expectedSendsPerMinute } from '../functions/src/domain/campaign-sending/pacing';
import { parseDueJob, runDispatchJob } from '../functions/src/domain/scheduler/dispatch-job';
import { ignoreCampaignStatus } from '../functions/src/domain/campaign-sending/status-events';
import { platformJobs } from '../functions/src/handlers/dispatch/job-table';
import { logger } from '../functions/src/platform/logger';
import { resetQueueClient } from '../functions/src/platform/queues';
import { printJson } from './support/bench-json';
import { printTable, round } from './support/stats';

const contacts = Number(process.argv[2] ?? 100_000);
const paceSeconds = Number(process.argv[3] ?? 180);
const PACE: CampaignSettings = {
  messageInterval: 5,
  longerIntervalAfter: 20,
  greaterInterval: 20,
  dailyCapPerConnection: 1000,
  variables: [],
};

// ---------------------------------------------------------------- counting every AWS request
const tally = new Map<string, number>();
const writesPerKeySecond = new Map<string, number>();
let counting = false;
const add = (key: string, n = 1) => tally.set(key, (tally.get(key) ?? 0) + n);
const pkOf = (input: any): string[] => {
  if (input.Item?.PK) return [String(input.Item.PK)];
  if (input.Key?.PK) return [String(input.Key.PK)];
  if (input.RequestItems)
    return Object.values(input.RequestItems as Record<string, any[]>)
      .flat()
      .flatMap((r) =>
        r.PutRequest ? [String(r.PutRequest.Item.PK)] : r.DeleteRequest ? [String(r.DeleteRequest.Key.PK)] : [],
      );
  if (input.TransactItems)
    return (input.TransactItems as any[]).flatMap((t) => pkOf(t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck ?? {}));
  return [];
};
const WRITES = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;
const originalSend = Client.prototype.send as (this: unknown, command: any, ...rest: any[]) => Promise<any>;
Client.prototype.send = async function patchedSend(this: Client<any, any, any, any>, command: any, ...rest: any[]) {
  const service = this.constructor.name.replace(/(Document)?Client$/, '');
  const operation = command.constructor.name.replace(/Command$/, '');
  if (counting) {
    add(`${service} ${operation}`);
    if (service === 'DynamoDB' && WRITES.test(operation)) {
      const second = Math.floor(Date.now() / 1000);
      for (const pk of pkOf(command.input))
        writesPerKeySecond.set(`${pk}@${second}`, (writesPerKeySecond.get(`${pk}@${second}`) ?? 0) + 1);
    }
  }
  return originalSend.call(this, command, ...rest);
} as typeof Client.prototype.send;

// ---------------------------------------------------------------- emulators
logger.setLogLevel('SILENT');
process.env.DYNAMODB_LOCAL_JAVA_OPTS ??= '-XX:+UseSerialGC -Xmx1g';
const ddbLocal = await startDynamoDbLocal({ jit: 'steady' });
const sqsEmulator = await startSqsEmulator();
process.env.AWS_REGION = 'us-east-1';
process.env.DYNAMODB_ENDPOINT = ddbLocal.endpoint;
process.env.TABLE_NAME = `bench-campaign-${ulid().toLowerCase()}`;
process.env.SQS_ENDPOINT = sqsEmulator.endpoint;
process.env.SESSION_SHARDS = '1';
await ensureTable(ddbLocal.endpoint, process.env.TABLE_NAME);
resetDataClient();
const queues = await createQueues(sqsEmulator.endpoint, queueSpecs(1));
for (const [name, queue] of queues) process.env[queueUrlEnv(name)] = queue.url;
resetQueueClient();
const sqs = new SQSClient({
  region: 'us-east-1',
  endpoint: sqsEmulator.endpoint,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const jobs = platformJobs(ignoreCampaignStatus); // no console to tell (and no realtime queue consumer here)

const companyId = ulid();
try {
  const connections = [await benchConnection('A'), await benchConnection('B')];
  console.log(`filling a list of ${contacts.toLocaleString('en')} contacts …`);
  const bigList = await fillList(contacts);

  // ---------------------------------------------------------------- planning
  const planned = await benchCampaign(bigList, connections, 'Planejamento');
  tally.clear();
  counting = true;
  const started = Date.now();
  await beginSending(planned);
  await drainDispatch({ until: async () => !!(await getProgress(companyId, planned.id))?.planDone, runPacers: false });
  const ms = Date.now() - started;
  counting = false;
  const progress = (await getProgress(companyId, planned.id))!;
  const [hottest, hottestCount] = [...writesPerKeySecond].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0] as [
    string,
    number,
  ]);
  const planningCalls = (prefix: string) => [...tally].filter(([k]) => k.startsWith(prefix)).reduce((s, [, n]) => s + n, 0);
  const dispatchPolling = (tally.get('SQS ReceiveMessage') ?? 0) + (tally.get('SQS DeleteMessage') ?? 0);
  const planningRow = {
    contacts,
    planned: progress.planned,
    'planning s': round(ms / 1000, 1),
    steps: progress.planStep,
    'DynamoDB requests': planningCalls('DynamoDB '),
    'SQS sends': tally.get('SQS SendMessage') ?? 0,
    'SQS receive+delete (event-source mapping)': dispatchPolling,
    'max items / PK / s': hottestCount,
  };
  const json: Record<string, unknown> = { planning: planningRow };
  printTable([{ ...planningRow, contacts: contacts.toLocaleString('en'), planned: progress.planned.toLocaleString('en') }]);
  console.log(
    `DynamoDB requests by operation: ${[...tally]
      .filter(([k]) => k.startsWith('DynamoDB '))
      .map(([k, n]) => `${k.slice(9)} ${n}`)
      .join(', ')}`,
  );
  console.log(`hottest partition-second: ${hottest}`);

  // ---------------------------------------------------------------- pacing
  if (paceSeconds > 0) {
    await putCampaignSettings(companyId, PACE, new Date().toISOString());
    const paced = await benchCampaign(await fillList(400), connections, 'Ritmo');
    await beginSending(paced);
    const paceStart = Date.now();
    await drainDispatch({ until: async () => Date.now() - paceStart > paceSeconds * 1000, runPacers: true });
    const elapsedMin = (Date.now() - paceStart) / 60_000;
    const { perConnection, span } = await countSends(paced.id);
    const expected = expectedSendsPerMinute(PACE);
    // From the first send to the last: the pace itself, without the wait for planning at the start.
    const steadyRate = (id: string) => {
      const s = span.get(id);
      const n = perConnection.get(id) ?? 0;
      return s && n > 1 && s.last > s.first ? ((n - 1) * 60_000) / (s.last - s.first) : 0;
    };
    const pacingRows = connections.map((c) => ({
      connection: c.name,
      settings: `${PACE.messageInterval} s / ${PACE.longerIntervalAfter} msgs / ${PACE.greaterInterval} s`,
      'run s': round(elapsedMin * 60, 0),
      sends: perConnection.get(c.id) ?? 0,
      'sends/min': round((perConnection.get(c.id) ?? 0) / elapsedMin, 1),
      'first→last /min': round(steadyRate(c.id), 1),
      'expected/min': round(expected, 1),
    }));
    printTable(pacingRows);
    json.pacing = pacingRows;
    console.log(`status after the run: ${(await getCampaign(companyId, paced.id))!.status}`);
  }
  printJson(json);
} finally {
  sqs.destroy();
  await sqsEmulator.stop();
  await ddbLocal.stop();
}

async function benchConnection(name: string): Promise<ConnectionRecord> {
  const at = new Date().toISOString();
  const record = {
    id: ulid(),
    companyId,
    name: `Conexão ${name}`,
    shard: 0,
    status: 'CONNECTED',
    isDefault: false,
    token: ulid(),
    createdAt: at,
    updatedAt: at,
  } as unknown as ConnectionRecord;
  await insertConnection(record, null, null);
  return record;
}

async function fillList(n: number): Promise<string> {
  const id = ulid();
  const at = new Date().toISOString();
  await insertContactList({ id, companyId, name: `LISTA ${id.slice(-6)}`, createdAt: at, updatedAt: at }, 1000);
  const items = Array.from({ length: n }, (_, i) => ({
    id: contactListItemId(id, monotonicUlid()),
    companyId,
    contactListId: id,
    name: `Cliente ${i}`,
    number: `55${String(11_900_000_000 + i)}`,
    email: '',
    isWhatsappValid: i % 50 === 49 ? false : true, // 2 % refused at import
    createdAt: at,
    updatedAt: at,
  }));
  const chunks: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += ITEMS_PER_INSERT) chunks.push(items.slice(i, i + ITEMS_PER_INSERT));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < chunks.length) await insertContactListItems(chunks[next++]!, 10_000_000);
    }),
  );
  return id;
}

async function benchCampaign(listId: string, connections: ConnectionRecord[], name: string): Promise<CampaignRecord> {
  const at = new Date().toISOString();
  const campaign: CampaignRecord = {
    id: ulid(),
    companyId,
    name,
    status: 'EM_ANDAMENTO',
    message1: 'Olá {nome}, temos novidades',
    message2: 'Oi {nome}! Novidades na loja',
    message3: '',
    message4: '',
    message5: '',
    confirmation: false,
    confirmationMessage1: '',
    confirmationMessage2: '',
    confirmationMessage3: '',
    confirmationMessage4: '',
    confirmationMessage5: '',
    contactListId: listId,
    tagListId: null,
    whatsappIds: connections.map((c) => c.id),
    scheduledAt: at,
    completedAt: null,
    mediaPath: null,
    mediaName: null,
    mediaMimetype: null,
    searchTokens: [],
    createdAt: at,
    updatedAt: at,
  };
  await insertCampaign(campaign);
  return campaign;
}

/** The dispatch Lambda's event-source mapping, in this process: receive, run, delete. */
async function drainDispatch(options: { until: () => Promise<boolean>; runPacers: boolean }): Promise<void> {
  const url = process.env[queueUrlEnv('dispatch')]!;
  while (!(await options.until())) {
    const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
    for (const m of out.Messages ?? []) {
      const job = parseDueJob(m.Body!);
      if (options.runPacers || job.jobType !== 'campaign.pace') await runDispatchJob(job, jobs);
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
}

/** message.send commands on the shard's outbound FIFO queue, per connection (what the session host would execute). */
async function countSends(
  campaignId: string,
): Promise<{ perConnection: Map<string, number>; span: Map<string, { first: number; last: number }> }> {
  const url = process.env[queueUrlEnv(outboundQueueName(0))]!;
  const by = new Map<string, number>();
  const span = new Map<string, { first: number; last: number }>();
  const seen = new Set<string>();
  for (;;) {
    const out = await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!out.Messages?.length) return { perConnection: by, span };
    for (const m of out.Messages) {
      const command = JSON.parse(m.Body!) as { type: string; commandId: string; connectionId: string; issuedAt: string };
      if (
        command.type === 'message.send' &&
        command.commandId.startsWith(`campaign:${campaignId}:`) &&
        !seen.has(command.commandId)
      ) {
        seen.add(command.commandId);
        by.set(command.connectionId, (by.get(command.connectionId) ?? 0) + 1);
        const at = Date.parse(command.issuedAt);
        const s = span.get(command.connectionId) ?? { first: at, last: at };
        span.set(command.connectionId, { first: Math.min(s.first, at), last: Math.max(s.last, at) });
      }
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: m.ReceiptHandle! }));
    }
  }
}
