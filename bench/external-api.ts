/**
 * The external send API (`POST /api/messages/send`, issue 27 item 4) at 10 connections: one company
 * with the API option and 10 connections, each with its own token, and 10 concurrent clients, one per
 * token, each sending its next request when the last answered (text messages to a rotating set of 30
 * numbers per client: new contacts and tickets first, then their open tickets). Through the local API
 * Gateway emulation, with no session host: the sends wait in the outbound queue.
 *
 * Each token may send EXTERNAL_SEND_RATE_LIMIT.requests per window, so a closed loop soon meets 429s:
 * the table keeps the accepted sends (201) and the refusals (429) apart — latency of each, and the
 * accepted sends per second from the first to the last of them (10 tokens × 60 a minute is the most
 * a minute can accept; the rest of the run measures how cheaply an over-limit client is turned away).
 *
 * Run: nice -n 19 npx tsx bench/external-api.ts [seconds=20] [--data-dir DIR] [--json]
 */
import { resolve } from 'node:path';
import { EXTERNAL_SEND_RATE_LIMIT, generateApiToken } from '@atende/shared';
import { ulid } from '@atende/shared/ids';
import { putSetting } from '../functions/src/data/settings';
import { createCompany } from '../functions/src/domain/companies/companies';
import { createPlan } from '../functions/src/domain/plans/plans';
import { DEFAULT_PLAN } from '../functions/src/domain/platform/seed';
import { addUser } from '../functions/src/domain/users/create-user';
import { startLocalStack } from '../infra/local/stack';
import { signIn } from './support/console-client';
import { jsonRequest } from './support/keep-alive-json';
import { printJson } from './support/bench-json';
import { printTable, round, summarize } from './support/stats';

const argv = process.argv.slice(2);
const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
const seconds = Number(positional[0] ?? 20);
const dataDir = flag('--data-dir') && resolve(flag('--data-dir')!);
const CONNECTIONS = 10;
const NUMBERS_PER_CLIENT = 30;
const WARMUP_SENDS = 2;
const PASSWORD = 'bench-password';

const stack = await startLocalStack({ web: 'none', sessionHost: false, scheduler: false, dataDir });
try {
  const tokens = await companyWithTokens();
  const url = `${stack.apiUrl}/messages/send`;
  const send = async (token: string, number: string, text: string): Promise<number> => {
    try {
      await jsonRequest(url, 'POST', { authorization: `Bearer ${token}` }, { number, body: text });
      return 201;
    } catch (err) {
      const status = /answered (\d{3})/.exec(String((err as Error).message))?.[1];
      if (!status) throw err;
      return Number(status);
    }
  };
  // Unmeasured: JIT, connection pools and the first reads of each token's connection.
  for (const [c, token] of tokens.entries())
    for (let i = 0; i < WARMUP_SENDS; i++) await send(token, numberOf(c, 900 + i), 'Aquecimento');

  const latencies = new Map<number, number[]>();
  const accepted: number[] = [];
  const started = performance.now();
  const ends = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, c) => {
      for (let n = 0; performance.now() < ends; n++) {
        const t = performance.now();
        const status = await send(token, numberOf(c, n % NUMBERS_PER_CLIENT), `Pedido ${n} saiu para entrega`);
        const now = performance.now();
        if (!latencies.has(status)) latencies.set(status, []);
        latencies.get(status)!.push(now - t);
        if (status === 201) accepted.push(now);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const acceptedSpan = accepted.length > 1 ? (Math.max(...accepted) - started) / 1000 : NaN;
  const rows = [...latencies].map(([status, samples]): Record<string, string | number> => {
    const s = summarize(`${status}`, samples);
    return {
      answer: status === 201 ? '201 sent' : status === 429 ? '429 over the token limit' : String(status),
      n: samples.length,
      'p50 ms': s['p50 ms']!,
      'p99 ms': s['p99 ms']!,
      'max ms': s['max ms']!,
      'req/s': status === 201 ? round(samples.length / acceptedSpan) : round(samples.length / elapsed),
    };
  });
  const total = [...latencies.values()].reduce((n, s) => n + s.length, 0);
  console.log(
    `\nExternal send API: ${CONNECTIONS} connections, one client per token, closed loop for ${seconds} s, ` +
      `limit ${EXTERNAL_SEND_RATE_LIMIT.requests} per ${EXTERNAL_SEND_RATE_LIMIT.windowSeconds} s per token, local platform\n`,
  );
  printTable(rows);
  console.log(
    `\nall answers: ${round(total / elapsed)} req/s · accepted: ${accepted.length} in ${round(acceptedSpan)} s ` +
      `(${round(accepted.length / acceptedSpan)} sends/s while the tokens had room)`,
  );
  printJson({
    seconds,
    connections: CONNECTIONS,
    rows,
    answersPerSecond: round(total / elapsed),
    accepted: accepted.length,
    acceptedPerSecond: round(accepted.length / acceptedSpan),
  });
} finally {
  await stack.stop();
}

/** The i-th number of client c: valid Brazilian mobiles, distinct per client. */
function numberOf(c: number, i: number): string {
  return `55119${String(70_000_000 + c * 1_000 + i).slice(-8)}`;
}

/** One company on a plan with room for the connections, the API option on, and a token per connection. */
async function companyWithTokens(): Promise<string[]> {
  const plan = await createPlan({ ...DEFAULT_PLAN, name: `Bench API ${ulid().slice(-6)}`, connections: CONNECTIONS });
  const company = await createCompany({
    name: `Bench API ${ulid().slice(-6)}`,
    email: 'bench-api@bench.local',
    planId: plan.id,
    dueDate: null,
    status: true,
  });
  await putSetting(company.id, 'useApi', 'enabled');
  const email = `admin-api-${ulid().slice(-6).toLowerCase()}@bench.local`;
  await addUser(company.id, {
    name: 'Admin API',
    email,
    password: PASSWORD,
    profile: 'admin',
    status: true,
    super: false,
    queueIds: [],
  });
  const admin = await signIn(stack.apiUrl, stack.wsUrl, email, PASSWORD);
  const tokens: string[] = [];
  for (let c = 0; c < CONNECTIONS; c++) {
    const token = generateApiToken();
    await admin.api('POST', '/whatsapp', { name: `API ${c + 1}`, token });
    tokens.push(token);
  }
  return tokens;
}
