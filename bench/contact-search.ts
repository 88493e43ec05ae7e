/**
 * Does the contacts page's search (`GET /contacts?searchParam=…`) cost the same at 1,000 and at
 * 100,000 contacts? It reads the contact search index (AP-CX1: entries under the term's first three
 * letters, `Limit`ed to what a page needs, named as a sort-key range so DynamoDB Local seeks to them
 * instead of walking the bucket: search-index.ts `prefixRange`), so it should. Company S holds 1,000 contacts and company L,
 * beside it on the same table, up to 100,000 (bench/support/contact-generator.ts: a surname shared by
 * a fifteenth of each company, so a surname search fills a whole page in S as in L). S and L are
 * measured paired (bench/support/paired-measure.ts) with 10 concurrent connections; prints p50/p99,
 * requests/s and p99(L) ÷ p99(S) (goal ≤ 1.25).
 *
 * With `--data-dir DIR` DynamoDB keeps its files and the companies are remembered in
 * DIR/contact-search-state.json (`--phase fill`, resumable, then `--phase measure` on a quiet machine).
 *
 * Run: nice -n 19 npx tsx bench/contact-search.ts [largeCount=100000] [secondsPerRoute=8] [fillMinutes=60]
 *        [--data-dir DIR] [--phase all|fill|measure] [--connections 10] [--json]
 */
import { resolve } from 'node:path';
import { startLocalStack } from '../infra/local/stack';
import { generateContacts } from './support/contact-generator';
import { measurePaired, type Route } from './support/paired-measure';
import { benchState, makeCompany, type CompanyState } from './support/scale-companies';
import { printJson } from './support/bench-json';
import { printTable, round } from './support/stats';
import { benchContact } from './support/ticket-generator';

const argv = process.argv.slice(2);
const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const positional = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
const largeCount = Number(positional[0] ?? 100_000);
const smallCount = Math.min(1_000, largeCount);
const seconds = Number(positional[1] ?? 8);
const fillMinutes = Number(positional[2] ?? 60);
const dataDir = flag('--data-dir') && resolve(flag('--data-dir')!);
const phase = (flag('--phase') ?? 'all') as 'all' | 'fill' | 'measure';
/** Concurrent connections; `--connections 1` times one request at a time (the least load-sensitive view). */
const CONNECTIONS = Number(flag('--connections') ?? 10);
const FILL_STEP = 10_000;

let turn = 0;
const ROUTES: Route[] = [
  // a surname: a fifteenth of either company, so S and L both answer a full page
  ['GET /contacts?searchParam=<surname>', () => `/contacts?searchParam=${['silva', 'souza', 'santos', 'lima'][turn++ % 4]}`],
  // a whole number: one contact, in S as in L (contacts 0 … 999 exist in both)
  ['GET /contacts?searchParam=<number>', () => `/contacts?searchParam=${benchContact('', turn++ % 1_000, '').number}`],
];

// The per-company limit (500 requests per 10 s, company-rate-limit.ts) answered 429s, fast, to the number search at 10
// connections once it ran at more than 50 requests/s, and those fast errors entered the latencies: this bench measures
// the search, not the throttle. (Handlers load at their first request, after this line.)
process.env.COMPANY_REQUESTS_PER_WINDOW ??= '100000000';

const { state, save } = benchState(dataDir || undefined, 'contact-search-state.json');
const stack = await startLocalStack({ web: 'none', sessionHost: false, scheduler: false, dataDir });
try {
  const fillEnds = Date.now() + fillMinutes * 60_000;
  // the companies (queues, users, a connection) without tickets; `count` is their contacts here
  state.small ??= await makeCompany(stack, 'S', 0);
  state.large ??= await makeCompany(stack, 'L', 0);
  save();
  const { small, large } = state;
  if (phase !== 'measure') {
    await fillTo(small, smallCount, Infinity);
    await fillTo(large, largeCount, fillEnds);
  }
  console.log(`S: ${small.count.toLocaleString('en')} contacts · L: ${large.count.toLocaleString('en')} contacts`);
  if (phase !== 'fill') {
    const rows = await measurePaired(small, large, { stack, routes: ROUTES, seconds, connections: CONNECTIONS });
    console.log(
      `\nContact search at scale: S ${small.count.toLocaleString('en')} vs L ${large.count.toLocaleString('en')} contacts, ` +
        `${CONNECTIONS} concurrent connections, ${seconds} s per route and company, local platform\n`,
    );
    printTable(rows);
    printJson({ small: small.count, large: large.count, seconds, connections: CONNECTIONS, rows });
  }
} finally {
  await stack.stop();
}

/** Adds contacts to a company until `target` (or the deadline), saving the state after every step. */
async function fillTo(c: CompanyState, target: number, deadline: number): Promise<void> {
  const from = c.count;
  const t0 = performance.now();
  while (c.count < target && Date.now() < deadline) {
    const step = Math.min(FILL_STEP, target - c.count);
    await generateContacts(c.target.companyId, step, c.count);
    c.count += step;
    save();
    const s = (performance.now() - t0) / 1000;
    console.log(`  ${c.label}: ${c.count.toLocaleString('en')} contacts (${round((c.count - from) / s)} contacts/s)`);
  }
}
