/**
 * AWS requests per product operation, counted on the local platform: the handlers run in this
 * process, so every SDK call they make passes through one patched `Client.send`. DynamoDB calls ask
 * for ReturnConsumedCapacity, so read/write capacity units are DynamoDB Local's own figures. These are
 * the per-operation numbers docs/deploy.md ("Cost estimate") multiplies by a month's volume.
 * `WRU (AWS)` is AWS's price of the writes: single-item writes and batches as DynamoDB Local reports
 * them (1 per KB of the item, 1 per index entry written, a moved entry a delete and a put: what AWS
 * bills), transactions worked out per item from their items before and after (support/
 * transaction-units.ts: Local's transaction figures cannot be converted; docs/deploy.md "Write units
 * of transactions").
 * The session host runs in its own process: its calls are not counted here.
 * Background SQS polling (ReceiveMessage) is reported per minute, not per operation.
 * `log bytes`: what the handlers' structured logs (Powertools JSON lines) wrote to stdout/stderr, the bytes
 * CloudWatch would ingest from the code; Lambda's own per-invocation lines and API access logs come on top
 * (docs/deploy.md "Cost estimate": CloudWatch logs).
 *
 *   npx tsx bench/request-counts.ts [repetitions] [--json]
 */
import { Client } from '@smithy/core/client';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { ulid } from 'ulid';
import type { GetCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { startLocalStack } from '../infra/local/stack';
import { signIn, until } from './support/console-client';
import { printJson } from './support/bench-json';
import { printTable, round } from './support/stats';
import { readTransactionItems, transactionUnitsAtAwsRate } from './support/transaction-units';

const repetitions = Number(process.argv[2] ?? 10);
/** A customer's side of an ordinary support chat (the support-chat row: its new words are its search entries). */
const SUPPORT_CHAT = [
  'Boa tarde, tudo bem? Comprei um fone na loja de vocês semana passada',
  'O pedido é o 48213 e até agora não chegou',
  'Vocês conseguem ver onde está a entrega?',
  'O rastreio parou em Curitiba desde segunda',
  'Preciso dele para viajar no sábado',
  'Se não chegar até sexta eu quero cancelar a compra',
  'Pode ser estorno no cartão mesmo',
  'Ah, o endereço está certo, Rua das Flores 120',
  'Ok, fico aguardando o retorno de vocês',
  'Obrigada pela ajuda!',
];
/** The operator's side of that chat (the support-chat reply row). */
const SUPPORT_REPLIES = [
  'Boa tarde! Sou a Júlia, vou verificar o seu pedido agora mesmo',
  'Encontrei aqui: a transportadora registrou um atraso no centro de distribuição',
  'A previsão atualizada é quinta-feira até as 18h',
  'Vou abrir uma ocorrência com a transportadora para priorizar a sua entrega',
  'Caso não chegue até sexta, fazemos o cancelamento com estorno integral',
  'O estorno aparece na fatura do cartão em até duas faturas',
  'Confirmei o endereço, está correto no sistema',
  'Assim que tivermos retorno da transportadora eu aviso por aqui',
  'Posso ajudar em mais alguma coisa?',
  'Por nada! Tenha uma ótima semana',
];

type Tally = Map<string, number>;
let tally: Tally = new Map();
/** BENCH_CALL_SITES=1: each operation's calls are also listed by the functions/src frames that made them. */
const CALL_SITES = !!process.env.BENCH_CALL_SITES;
let sites: Tally = new Map();
/** Off while a scenario prepares (e.g. the login before a refresh), so only the operation is counted. */
let counting = true;
const add = (key: string, n = 1, into = tally) => counting && into.set(key, (into.get(key) ?? 0) + n);
const callSite = () =>
  (new Error().stack ?? '')
    .split('\n')
    .filter((line) => line.includes('functions/src/'))
    .slice(0, Number(process.env.BENCH_CALL_DEPTH ?? 4))
    .map((line) => /functions\/src\/(.*?):(\d+)/.exec(line)?.slice(1, 3).join(':'))
    .join(' < ');
const READS = /^(Get|BatchGet|Query|Scan|TransactGet)/;

// One patch sees every SDK client (DynamoDB, SQS, S3, API Gateway Management): they share this base class.
const originalSend = Client.prototype.send as (
  this: Client<any, any, any, any>,
  command: any,
  ...rest: any[]
) => Promise<any>;
Client.prototype.send = async function patchedSend(this: Client<any, any, any, any>, command: any, ...rest: any[]) {
  const service = this.constructor.name.replace(/(Document)?Client$/, '');
  const operation = command.constructor.name.replace(/Command$/, '');
  if (service === 'DynamoDB') command.input.ReturnConsumedCapacity = 'TOTAL';
  // A transaction's AWS price needs its items before and after (transaction-units.ts); read outside the counts.
  const read = (get: GetCommand) => originalSend.call(this, get);
  const tracked = counting && operation === 'TransactWrite' && this.constructor.name === 'DynamoDBDocumentClient';
  const before = tracked ? await readTransactionItems(command.input, read) : [];
  const output = await originalSend.call(this, command, ...rest);
  add(`${service} ${operation}`);
  if (CALL_SITES) add(`${service} ${operation} ${callSite()}`, 1, sites);
  if (service === 'DynamoDB') {
    const units = [output?.ConsumedCapacity ?? []]
      .flat()
      .reduce((sum: number, c: { CapacityUnits?: number }) => sum + (c.CapacityUnits ?? 0), 0);
    add(READS.test(operation) ? 'DynamoDB RRU' : 'DynamoDB WRU', units);
    if (CALL_SITES) add(`${READS.test(operation) ? 'RRU' : 'WRU'} of DynamoDB ${operation}`, units, sites);
    if (!READS.test(operation)) {
      const atAwsRate = tracked
        ? transactionUnitsAtAwsRate(command.input, before, await readTransactionItems(command.input, read))
        : units;
      add('DynamoDB WRU (AWS)', atAwsRate);
      if (CALL_SITES) add(`WRU (AWS) of DynamoDB ${operation} ${callSite()}`, atAwsRate, sites);
    }
  }
  return output;
} as typeof Client.prototype.send;

// The handlers' JSON log lines (Powertools writes `{"level":…}` lines): counted as CloudWatch would ingest them.
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
    for (const line of text.split('\n')) if (line.startsWith('{"level":')) add('Log bytes', Buffer.byteLength(line));
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

async function measure(
  name: string,
  times: number,
  operation: (i: number) => Promise<void>,
): Promise<Record<string, string | number>> {
  tally = new Map();
  sites = new Map();
  for (let i = 0; i < times; i++) await operation(i);
  const per = (key: string) => round((tally.get(key) ?? 0) / times, 2);
  if (CALL_SITES) {
    console.log(`\n${name}: calls per operation by call site`);
    for (const [site, n] of [...sites].sort((a, b) => b[1] - a[1])) console.log(`  ${round(n / times, 2)}  ${site}`);
  }
  const calls = (prefix: string) =>
    [...tally]
      .filter(([k]) => k.startsWith(prefix) && !/(RRU|WRU|WRU \(AWS\))$/.test(k) && !k.endsWith('ReceiveMessage'))
      .reduce((sum, [, n]) => sum + n, 0) / times;
  return {
    operation: name,
    'DynamoDB calls': round(calls('DynamoDB '), 2),
    RRU: per('DynamoDB RRU'),
    WRU: per('DynamoDB WRU'),
    'WRU (AWS)': per('DynamoDB WRU (AWS)'),
    'SQS sends': round(per('SQS SendMessage') + per('SQS SendMessageBatch'), 2),
    'SQS deletes': round(per('SQS DeleteMessage') + per('SQS DeleteMessageBatch'), 2),
    'S3 calls': round(calls('S3 '), 2),
    'WS posts': per('ApiGatewayManagementApi PostToConnection'),
    'Secrets calls': round(calls('SecretsManager '), 2),
    'log bytes': per('Log bytes'),
  };
}

process.env.LOCAL_QUIET ??= 'true';
// The consumers stay on this thread: the patched `Client.send` counts their calls too. The pollers
// reach the SQS emulator without the SDK (as Lambda's do not run in the function): counted apart.
const stack = await startLocalStack({
  web: 'none',
  sessionHost: true,
  scheduler: false,
  consumerThread: false,
  onPollerCall: (action) => add(`SQS ${action}`),
});
try {
  await stack.sessionHost!.waitHealthy();
  const admin = stack.seeded.logins.find((l) => l.role === 'admin')!;
  const client = await signIn(stack.apiUrl, stack.wsUrl, admin.email, admin.password);
  const socket = await client.socket(); // one console socket: WS posts below are per connected socket
  const sim = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${stack.url}/simulator-api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
    if (r.status >= 400) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
    return r.json() as Promise<any>;
  };
  const login = () =>
    fetch(`${stack.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });

  // Serving one seeded queue (it has a greeting), as most companies' numbers do: a new ticket is greeted.
  const [queue] = await client.api<{ id: string }[]>('GET', '/queue');
  const connection = await client.api<{ id: string }>('POST', '/whatsapp', {
    name: `Counts ${Date.now()}`,
    queueIds: [queue!.id],
  });
  await until(
    async () => ((await sim('GET', `/connections/${connection.id}`)).connection.status === 'qrcode' ? true : undefined),
    30_000,
    'QR',
  );
  await sim('POST', `/connections/${connection.id}/scan`, {});
  await until(
    async () =>
      (await client.api<{ status: string }>('GET', `/whatsapp/${connection.id}`)).status === 'CONNECTED' ? true : undefined,
    30_000,
    'CONNECTED',
  );
  await sim('POST', `/connections/${connection.id}/contacts`, { name: 'Cliente', number: '5511970000001' });
  await sim('POST', `/connections/${connection.id}/contacts`, { name: 'Cliente do chat', number: '5511970000002' });
  await new Promise((r) => setTimeout(r, 2_000)); // let connection events settle

  const arrived = new Set<string>();
  /** Messages as the consoles last saw them, by body (without the sender's signature): the ack row needs the replies. */
  const unsigned = (body: string) => body.replace(/^\*[^*\n]+:\*\n/, '');
  const seen = new Map<string, { externalId: string; ticketId: string; ack: number }>();
  socket.onEnvelope((e) => {
    if (!e.channel.endsWith('-appMessage')) return;
    const message = e.data.message as { body?: string; externalId: string; ticketId: string; ack: number };
    if (e.data.action === 'create') arrived.add(message?.body ?? '');
    if (message?.body) seen.set(unsigned(message.body), message);
  });
  // A channel event as the session host publishes it (its own process, not counted).
  const sqs = new SQSClient({
    region: 'us-east-1',
    endpoint: stack.endpoints.sqs,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const reply = (n: number) => `count reply ${n}`;
  // Acks reach the consoles showing the ticket: one socket that joined it (web/src/lib/realtime.ts `joinTicket`).
  let viewer: WebSocket | undefined;
  let chatViewer: WebSocket | undefined;
  const ticketViewer = async (ticketId: string) => {
    const ws = new WebSocket(`${stack.wsUrl}?token=${encodeURIComponent(client.token)}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.on('message', (raw) => {
      const e = JSON.parse(String(raw)) as { channel?: string; data?: { message?: { body?: string } } };
      const message = e.data?.message as Parameters<typeof seen.set>[1] & { body?: string };
      if (e.channel?.endsWith('-appMessage') && message?.body) seen.set(unsigned(message.body), message);
    });
    ws.send(JSON.stringify({ action: 'joinTicket', ticketId }));
    await new Promise((r) => setTimeout(r, 500));
    return ws;
  };
  /** A customer's first message, not counted: it opens the ticket a row then writes on. */
  const openConversation = async (number: string, text: string) => {
    counting = false;
    await sim('POST', `/connections/${connection.id}/contacts/${number}/messages`, { text });
    await until(async () => (arrived.has(text) ? true : undefined), 30_000, 'opening message');
    await new Promise((r) => setTimeout(r, 2_000));
    counting = true;
  };
  const channelEvent = async (event: Record<string, unknown>) => {
    const was = counting;
    counting = false;
    const eventId = ulid();
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: stack.queues.get('inbound')!.url,
        MessageGroupId: `${connection.id}:bench-acks`,
        MessageDeduplicationId: eventId,
        MessageBody: JSON.stringify({
          eventId,
          companyId: client.companyId,
          connectionId: connection.id,
          occurredAt: new Date().toISOString(),
          ...event,
        }),
      }),
    );
    counting = was;
  };

  const rows = [
    await measure('POST /auth/login', repetitions, async () => {
      await login();
    }),
    await measure('POST /auth/refresh_token', repetitions, async () => {
      counting = false;
      const cookie = (await login()).headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      counting = true;
      await fetch(`${stack.apiUrl}/auth/refresh_token`, { method: 'POST', headers: { cookie } });
    }),
    await measure('GET /auth/me', repetitions, async () => {
      await client.api('GET', '/auth/me');
    }),
    await measure('GET /users (one page)', repetitions, async () => {
      await client.api('GET', '/users');
    }),
    await measure('GET /whatsapp (list)', repetitions, async () => {
      await client.api('GET', '/whatsapp');
    }),
    await measure('inbound customer message (its ticket open)', repetitions, async (i) => {
      // Not counted: the conversation's first message, which opens the ticket (measured below).
      if (i === 0) await openConversation('5511970000001', 'abre o ticket');
      const body = `count message ${i} ${Date.now()}`;
      await sim('POST', `/connections/${connection.id}/contacts/5511970000001/messages`, { text: body });
      await until(async () => (arrived.has(body) ? true : undefined), 30_000, 'message event');
      await new Promise((r) => setTimeout(r, 500)); // acks and follow-up events of this message
    }),
    await measure('inbound customer message, a support chat’s text (its ticket open)', repetitions, async (i) => {
      if (i === 0) await openConversation('5511970000002', 'oi');
      // A real chat's words instead of a fresh number per message: what its search entries cost.
      const line = SUPPORT_CHAT[i % SUPPORT_CHAT.length]!;
      const body = i < SUPPORT_CHAT.length ? line : `${line} (${Math.floor(i / SUPPORT_CHAT.length)})`;
      await sim('POST', `/connections/${connection.id}/contacts/5511970000002/messages`, { text: body });
      await until(async () => (arrived.has(body) ? true : undefined), 30_000, 'message event');
      await new Promise((r) => setTimeout(r, 500));
    }),
    await measure(
      'a new customer’s first message (contact, ticket, the queue’s greeting and its acks)',
      repetitions,
      async (i) => {
        const number = `55119710${String(i).padStart(5, '0')}${Date.now() % 10}`;
        await sim('POST', `/connections/${connection.id}/contacts`, { name: `Novo ${i}`, number });
        const body = `first message ${i} ${Date.now()}`;
        await sim('POST', `/connections/${connection.id}/contacts/${number}/messages`, { text: body });
        await until(async () => (arrived.has(body) ? true : undefined), 30_000, 'message event');
        await new Promise((r) => setTimeout(r, 2_000)); // the greeting, its echo and its three acks (read after 1 s)
      },
    ),
    await measure('an operator’s reply (POST /messages, its echo and three acks)', repetitions, async (i) => {
      if (i === 0) {
        // Not counted: the operator takes the ticket above and opens it on a console.
        counting = false;
        const ticketId = seen.get('abre o ticket')!.ticketId;
        const me = await client.api<{ id: string }>('GET', '/auth/me');
        await client.api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: me.id });
        viewer = await ticketViewer(ticketId);
        counting = true;
      }
      await client.api('POST', `/messages/${seen.get('abre o ticket')!.ticketId}`, { body: reply(i) });
      await until(async () => (seen.get(reply(i))?.ack === 3 ? true : undefined), 30_000, 'reply read');
      await new Promise((r) => setTimeout(r, 500));
    }),
    await measure('an operator’s reply, a support chat’s text (with its echo and three acks)', repetitions, async (i) => {
      const ticketId = seen.get('oi')!.ticketId;
      if (i === 0) {
        // Not counted: the operator takes the support chat's ticket and opens it on a console.
        counting = false;
        const me = await client.api<{ id: string }>('GET', '/auth/me');
        await client.api('PUT', `/tickets/${ticketId}`, { status: 'open', userId: me.id });
        chatViewer = await ticketViewer(ticketId);
        counting = true;
      }
      const line = SUPPORT_REPLIES[i % SUPPORT_REPLIES.length]!;
      const body = i < SUPPORT_REPLIES.length ? line : `${line} (${Math.floor(i / SUPPORT_REPLIES.length)})`;
      await client.api('POST', `/messages/${ticketId}`, { body });
      await until(async () => (seen.get(body)?.ack === 3 ? true : undefined), 30_000, 'reply read');
      await new Promise((r) => setTimeout(r, 500));
      if (i === repetitions - 1) chatViewer?.close();
    }),
    await measure('the assigned operator opens a ticket with 3 unread messages (GET /messages)', repetitions, async (i) => {
      // Not counted: three customer messages on the ticket the operator took above.
      counting = false;
      const ticketId = seen.get('abre o ticket')!.ticketId;
      for (let n = 0; n < 3; n++) {
        const body = `unread ${i} ${n} ${Date.now()}`;
        await sim('POST', `/connections/${connection.id}/contacts/5511970000001/messages`, { text: body });
        await until(async () => (arrived.has(body) ? true : undefined), 30_000, 'unread message');
      }
      await new Promise((r) => setTimeout(r, 500));
      counting = true;
      await client.api('GET', `/messages/${ticketId}`);
      await new Promise((r) => setTimeout(r, 300)); // the read event and the channel's read command
    }),
    await measure('a delivery/read ack of an outbound message (worker and fan-out)', repetitions, async (i) => {
      // Played (4), on the replies above: one ack that raises a stored message, as delivered (2) and read (3) do.
      await channelEvent({ type: 'message.ack', externalId: seen.get(reply(i))!.externalId, ack: 4 });
      await until(async () => (seen.get(reply(i))?.ack === 4 ? true : undefined), 30_000, 'ack event');
      if (i === repetitions - 1) viewer?.close();
    }),
    await measure('scheduler tick (nothing due)', repetitions, async () => {
      await stack.invoke('scheduler', {});
    }),
  ];
  // The console pings its socket (web/src/lib/realtime.ts); a second socket so the events above stay per-socket.
  const pinger = new WebSocket(`${stack.wsUrl}?token=${encodeURIComponent(client.token)}`);
  await new Promise((resolve, reject) => pinger.once('open', resolve).once('error', reject));
  rows.push(
    await measure('WebSocket ping → pong', repetitions, async () => {
      const pong = new Promise<void>((resolve) => pinger.once('message', () => resolve()));
      pinger.send(JSON.stringify({ action: 'ping' }));
      await pong;
    }),
  );
  pinger.close();

  tally = new Map();
  const idleSeconds = 30;
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const polls = round(((tally.get('SQS ReceiveMessage') ?? 0) / idleSeconds) * 60, 1);

  console.log(`\nAWS requests per operation (mean of ${repetitions}; local platform, one console socket)\n`);
  printTable(rows);
  console.log(
    `\nidle SQS polling by the local event-source pollers: ${polls} ReceiveMessage/min for ${stack.queues.size} queues`,
  );
  printJson({ repetitions, rows, idleReceivesPerMinute: polls });
  socket.close();
} finally {
  Client.prototype.send = originalSend as typeof Client.prototype.send;
  await stack.stop();
}
