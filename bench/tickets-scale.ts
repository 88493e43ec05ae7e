/**
 * Does the ticket workspace cost the same at 1,000 and at 100,000 tickets? Fills company S with
 * 1,000 tickets and company L up to 100,000 (10 messages each, bench/support/ticket-generator.ts),
 * then drives each route with 10 concurrent connections through the local API Gateway and prints
 * p50/p99 and requests/s per company, and p99(L) ÷ p99(S) (goal ≤ 1.25).
 *
 * S and L are measured *paired*: per route, short alternating slices (S L L S S L L S), so both see the
 * same machine (on 2 shared cores the load changes by the minute, and a ratio of two p99s taken minutes
 * apart measured the neighbours, not the data). L is measured at each checkpoint it reaches (10k, 30k,
 * largeCount) within `fillMinutes`.
 *
 * With `--data-dir DIR` DynamoDB keeps its files and the companies are remembered in DIR/bench-state.json:
 * a fill can run in the background (`--phase fill`, resumable) and the measurement later on a quiet
 * machine (`--phase measure`, a few minutes).
 *
 * Run: npx tsx bench/tickets-scale.ts [largeCount=100000] [secondsPerRoute=8] [fillMinutes=60]
 *        [--data-dir DIR] [--phase all|fill|measure]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ulid } from '@atende/shared/ids';
import { putQueue } from '../functions/src/data/queues';
import { createCompany } from '../functions/src/domain/companies/companies';
import { findPlanByName } from '../functions/src/domain/plans/plans';
import { DEFAULT_PLAN } from '../functions/src/domain/platform/seed';
import { addUser } from '../functions/src/domain/users/create-user';
import { startLocalStack } from '../infra/local/stack';
import { signIn, type ConsoleClient } from './support/console-client';
import { printTable, round, summarize } from './support/stats';
import { generateTickets, type GeneratedCompany } from './support/ticket-generator';

const argv = process.argv.slice(2);
const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
const largeCount = Number(positional[0] ?? 100_000);
const seconds = Number(positional[1] ?? 8);
const fillMinutes = Number(positional[2] ?? 60);
const dataDir = flag('--data-dir') && resolve(flag('--data-dir')!);
const phase = (flag('--phase') ?? 'all') as 'all' | 'fill' | 'measure';
const CONNECTIONS = 10;
/** Alternating slices per route and company: S L L S … (an even number keeps the order balanced). */
const SLICES = 4;
const SLICE_WARMUP_MS = 500;
const PASSWORD = 'bench-password';

/** What the bench remembers about a company between runs (`--data-dir`). */
interface CompanyState {
  label: string;
  email: string;
  target: GeneratedCompany;
  sample: string[];
  count: number;
}
interface BenchState {
  small?: CompanyState;
  large?: CompanyState;
}
const stateFile = dataDir && join(dataDir, 'bench-state.json');
const state: BenchState =
  stateFile && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as BenchState) : {};
const saveState = () => stateFile && writeFileSync(stateFile, JSON.stringify(state));

type Route = [name: string, path: (c: CompanyState) => string];
let turn = 0;
const ROUTES: Route[] = [
  ['GET /tickets open (showAll)', () => '/tickets?status=open&showAll=true'],
  ['GET /tickets pending', () => '/tickets?status=pending'],
  ['GET /tickets search text', () => `/tickets?searchParam=${['boleto', 'entrega', 'rastreio', 'frete'][turn++ % 4]}`],
  ['GET /messages/{ticketId}', (c) => `/messages/${c.sample[turn++ % c.sample.length]}`],
  // Surnames that fill a whole page (60) in S as in L: a first name matches only 50 of S's 1,000 contacts, so S
  // answered smaller pages than L and the ratio measured the page's size, not the company's.
  ['GET /contacts?searchParam', () => `/contacts?searchParam=${['silva', 'souza', 'santos', 'lima'][turn++ % 4]}`],
];

const stack = await startLocalStack({ web: 'none', sessionHost: false, scheduler: false, dataDir });
try {
  const fillEnds = Date.now() + fillMinutes * 60_000;
  state.small ??= await makeCompany('S', 1_000);
  state.large ??= await makeCompany('L', 0);
  saveState();
  const { small, large } = state;
  console.log(`S: ${small.count.toLocaleString('en')} tickets · L: ${large.count.toLocaleString('en')} tickets`);
  let rows: Record<string, string | number>[] = [];
  if (phase !== 'measure') {
    const checkpoints = [10_000, 30_000, largeCount].filter((n, i, all) => n <= largeCount && all.indexOf(n) === i);
    for (const target of checkpoints) {
      if (large.count >= target && target !== largeCount) continue;
      if (Date.now() > fillEnds) break;
      await fillTo(large, target, fillEnds);
      if (phase === 'all') printTable((rows = await measurePaired(small, large)));
      if (large.count < target) break;
    }
  }
  if (phase === 'measure') rows = await measurePaired(small, large);
  if (rows.length > 0) {
    console.log(
      `\nTicket workspace at scale: S ${small.count.toLocaleString('en')} vs L ${large.count.toLocaleString('en')} tickets, ` +
        `${CONNECTIONS} concurrent connections, ${seconds} s per route and company in ${SLICES} alternating slices, local platform\n`,
    );
    printTable(rows);
  }
} finally {
  await stack.stop();
}

/** Adds tickets to L until `target` (or the fill deadline), remembering progress after every step. */
async function fillTo(c: CompanyState, target: number, deadline: number): Promise<void> {
  const from = c.count;
  const t0 = performance.now();
  while (c.count < target && Date.now() < deadline) {
    const step = Math.min(5_000, target - c.count);
    const { sampleTicketIds } = await generateTickets(c.target, step, undefined, c.count);
    c.sample.push(...sampleTicketIds);
    c.count += step;
    saveState();
    const s = (performance.now() - t0) / 1000;
    console.log(`  ${c.label}: ${c.count.toLocaleString('en')} tickets (${round((c.count - from) / s)} tickets/s)`);
  }
}

async function makeCompany(label: string, count: number): Promise<CompanyState> {
  const plan = (await findPlanByName(DEFAULT_PLAN.name))!;
  const company = await createCompany({
    name: `Bench ${label} ${ulid().slice(-6)}`,
    email: `bench-${label.toLowerCase()}@bench.local`,
    planId: plan.id,
    dueDate: null,
    status: true,
  });
  const now = new Date().toISOString();
  const queueIds = ['Suporte', 'Vendas', 'Financeiro'].map(() => ulid());
  for (const [i, id] of queueIds.entries()) {
    await putQueue({
      id,
      companyId: company.id,
      name: `Fila ${i + 1}`,
      color: `#00000${i}`,
      greetingMessage: '',
      outOfHoursMessage: '',
      orderQueue: i + 1,
      createdAt: now,
      updatedAt: now,
    });
  }
  const email = `admin-${label.toLowerCase()}-${ulid().slice(-6).toLowerCase()}@bench.local`;
  const user = (name: string, userEmail: string, profile: 'admin' | 'user') =>
    addUser(company.id, { name, email: userEmail, password: PASSWORD, profile, status: true, super: false, queueIds });
  const userIds = [(await user(`Admin ${label}`, email, 'admin')).id];
  for (let u = 0; u < 4; u++) userIds.push((await user(`Operador ${label}${u}`, `op${u}-${email}`, 'user')).id);
  const admin = await signIn(stack.apiUrl, stack.wsUrl, email, PASSWORD);
  const connection = await admin.api<{ id: string }>('POST', '/whatsapp', { name: `Bench ${label}` });
  const target: GeneratedCompany = {
    companyId: company.id,
    connectionId: connection.id,
    channel: 'whatsapp',
    queueIds,
    userIds,
  };
  const t0 = performance.now();
  let lastPrint = 0;
  const { sampleTicketIds } = await generateTickets(target, count, (done, total) => {
    if (performance.now() - lastPrint > 10_000 || done === total) {
      lastPrint = performance.now();
      const s = (performance.now() - t0) / 1000;
      console.log(`  ${label}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} tickets written (${round(s)} s)`);
    }
  });
  return { label, email, target, sample: sampleTicketIds, count };
}

/** Every route on S and L in alternating slices; one row per route with both companies' figures and the ratio. */
async function measurePaired(s: CompanyState, l: CompanyState): Promise<Record<string, string | number>[]> {
  // Access tokens live 15 minutes and the fill takes longer: sign in again before every measurement.
  const clients = new Map<CompanyState, ConsoleClient>();
  for (const c of [s, l]) clients.set(c, await signIn(stack.apiUrl, stack.wsUrl, c.email, PASSWORD));
  // Unmeasured: JIT, connection pools and DynamoDB Local's caches warm on every route for both companies, so
  // the first measured slice (S's, of the first route) does not pay for them alone.
  for (const [, path] of ROUTES) for (const c of [s, l]) await load(clients.get(c)!, () => path(c), 1000, []);
  const rows = [];
  for (const [name, path] of ROUTES) {
    const samples = new Map<CompanyState, number[]>([
      [s, []],
      [l, []],
    ]);
    let errors = 0;
    for (let slice = 0; slice < SLICES; slice++) {
      for (const c of slice % 2 === 0 ? [s, l] : [l, s]) {
        errors += await load(clients.get(c)!, () => path(c), (seconds * 1000) / SLICES, samples.get(c)!);
      }
    }
    const [S, L] = [s, l].map((c) => summarize(c.label, samples.get(c)!));
    const ratio = Number(L!['p99 ms']) / Number(S!['p99 ms']);
    rows.push({
      route: name,
      'S p50 / p99 ms': `${S!['p50 ms']} / ${S!['p99 ms']}`,
      'S req/s': round(samples.get(s)!.length / seconds),
      'L p50 / p99 ms': `${L!['p50 ms']} / ${L!['p99 ms']}`,
      'L req/s': round(samples.get(l)!.length / seconds),
      errors,
      'p99 L ÷ S': round(ratio, 2),
      goal: ratio <= 1.25 ? 'ok' : 'OVER',
    });
  }
  return rows;
}

/** CONNECTIONS workers, each sending its next request when the last answered, for `ms` after a short warm-up; returns errors. */
async function load(client: ConsoleClient, path: () => string, ms: number, latencies: number[]): Promise<number> {
  let errors = 0;
  const warmupEnds = performance.now() + SLICE_WARMUP_MS;
  const ends = warmupEnds + ms;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < ends) {
        const t = performance.now();
        try {
          await client.api('GET', path());
        } catch {
          errors++;
        }
        if (t >= warmupEnds) latencies.push(performance.now() - t);
      }
    }),
  );
  return errors;
}
