/**
 * Does `GET /dashboard` cost the same at 1,000 and at 100,000 tickets? The dashboard reads the day
 * aggregates its tickets moved when they changed (functions/src/data/dashboard-days.ts), one item a
 * day, plus the company's users and sockets, so it should. Fills company S with 1,000 tickets and L
 * up to 100,000 with the ticket workspace's generator (bench/support/ticket-generator.ts: activity
 * over the last 90 days, each ticket's figures added to its day), then measures S and L paired
 * (bench/support/paired-measure.ts) with 10 concurrent connections and prints p50/p99, requests/s and
 * p99(L) ÷ p99(S) (goal ≤ 1.25).
 *
 * With `--data-dir DIR` DynamoDB keeps its files and the companies are remembered in
 * DIR/dashboard-bench-state.json (`--phase fill`, then `--phase measure` on a quiet machine).
 *
 * Run: npx tsx bench/dashboard-scale.ts [largeCount=100000] [secondsPerRoute=8] [fillMinutes=60]
 *        [--data-dir DIR] [--phase all|fill|measure] [--state-file NAME] [--json]
 *
 * `--state-file bench-state.json` measures the companies bench/tickets-scale.ts filled in the same DIR (the same
 * generator writes the day aggregates): `npm run bench:report` does, so one 100,000-ticket fill serves both.
 */
import { resolve } from 'node:path';
import { startLocalStack } from '../infra/local/stack';
import { measurePaired, type Route } from './support/paired-measure';
import { benchState, fillTo, makeCompany } from './support/scale-companies';
import { printJson } from './support/bench-json';
import { printTable } from './support/stats';

const argv = process.argv.slice(2);
const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
const largeCount = Number(positional[0] ?? 100_000);
const smallCount = Math.min(1_000, largeCount);
const seconds = Number(positional[1] ?? 8);
const fillMinutes = Number(positional[2] ?? 60);
const dataDir = flag('--data-dir') && resolve(flag('--data-dir')!);
const phase = (flag('--phase') ?? 'all') as 'all' | 'fill' | 'measure';
const CONNECTIONS = 10;

const ROUTES: Route[] = [
  // the console's default: start of the month to today (a handful of days)
  ['GET /dashboard this month', () => `/dashboard?date_from=${monthStart()}&date_to=${today()}`],
  // the longest period option: 90 days, every generated ticket's day
  ['GET /dashboard?days=90', () => '/dashboard?days=90'],
];

const { state, save } = benchState(dataDir || undefined, flag('--state-file') ?? 'dashboard-bench-state.json');
const stack = await startLocalStack({ web: 'none', sessionHost: false, scheduler: false, dataDir });
try {
  const fillEnds = Date.now() + fillMinutes * 60_000;
  state.small ??= await makeCompany(stack, 'S', smallCount);
  state.large ??= await makeCompany(stack, 'L', 0);
  save();
  const { small, large } = state;
  if (phase !== 'measure') await fillTo(large, largeCount, fillEnds, save);
  console.log(`S: ${small.count.toLocaleString('en')} tickets · L: ${large.count.toLocaleString('en')} tickets`);
  if (phase !== 'fill') {
    const rows = await measurePaired(small, large, { stack, routes: ROUTES, seconds, connections: CONNECTIONS });
    console.log(
      `\nDashboard at scale: S ${small.count.toLocaleString('en')} vs L ${large.count.toLocaleString('en')} tickets, ` +
        `${CONNECTIONS} concurrent connections, ${seconds} s per route and company, local platform\n`,
    );
    printTable(rows);
    printJson({ small: small.count, large: large.count, seconds, connections: CONNECTIONS, rows });
  }
} finally {
  await stack.stop();
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
function monthStart(): string {
  return `${today().slice(0, 8)}01`;
}
