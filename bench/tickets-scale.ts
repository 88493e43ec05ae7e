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
 *        [--data-dir DIR] [--phase all|fill|measure] [--json]
 */
import { resolve } from 'node:path';
import { startLocalStack } from '../infra/local/stack';
import { measurePaired as measureRoutes, type Route } from './support/paired-measure';
import {
  benchState,
  fillTo as fillCompany,
  makeCompany as makeBenchCompany,
  type CompanyState,
} from './support/scale-companies';
import { printJson } from './support/bench-json';
import { printTable } from './support/stats';

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

const { state, save: saveState } = benchState(dataDir || undefined);

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

const startStack = () => startLocalStack({ web: 'none', sessionHost: false, scheduler: false, dataDir });
let stack = await startStack();
const makeCompany = (label: string, count: number) => makeBenchCompany(stack, label, count);
const fillTo = (c: CompanyState, target: number, deadline: number) => fillCompany(c, target, deadline, saveState);
const measurePaired = (s: CompanyState, l: CompanyState) =>
  measureRoutes(s, l, { stack, routes: ROUTES, seconds, connections: CONNECTIONS, slices: SLICES });
try {
  const fillEnds = Date.now() + fillMinutes * 60_000;
  state.small ??= await makeCompany('S', 1_000);
  state.large ??= await makeCompany('L', 0);
  saveState();
  const { small, large } = state;
  console.log(`S: ${small.count.toLocaleString('en')} tickets · L: ${large.count.toLocaleString('en')} tickets`);
  let rows: Record<string, string | number>[] = [];
  /** Every measurement of this run (one per checkpoint L reached), for `--json`. */
  const measured: { small: number; large: number; rows: typeof rows }[] = [];
  const measure = async () => {
    rows = await measurePaired(small, large);
    measured.push({ small: small.count, large: large.count, rows });
    return rows;
  };
  if (phase !== 'measure') {
    const checkpoints = [10_000, 30_000, largeCount].filter((n, i, all) => n <= largeCount && all.indexOf(n) === i);
    for (const target of checkpoints) {
      if (large.count >= target && target !== largeCount) continue;
      if (Date.now() > fillEnds) break;
      await fillTo(large, target, fillEnds);
      if (large.count < target) break;
      // Checkpoints short of the last are measured in the filling process (a figure on the way).
      if (phase === 'all' && target !== largeCount) printTable(await measure());
    }
  }
  if (phase !== 'fill') {
    // The final figures come from a fresh platform: after a long fill, DynamoDB Local's heap and caches made the
    // first-measured company's p99 grow with the fill (1.1–1.7 s for S at 100k, 78–203 ms for L), in every route.
    if (phase === 'all') {
      await stack.stop();
      stack = await startStack();
    }
    await measure();
  }
  if (rows.length > 0) {
    console.log(
      `\nTicket workspace at scale: S ${small.count.toLocaleString('en')} vs L ${large.count.toLocaleString('en')} tickets, ` +
        `${CONNECTIONS} concurrent connections, ${seconds} s per route and company in ${SLICES} alternating slices, local platform\n`,
    );
    printTable(rows);
  }
  printJson({ small: small.count, large: large.count, seconds, connections: CONNECTIONS, rows, checkpoints: measured });
} finally {
  await stack.stop();
}
