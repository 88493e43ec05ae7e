/**
 * Paired measurement of two companies (S and L) on the same routes: per route, short alternating
 * slices (S L L S S L L S), so both see the same machine (on 2 shared cores the load changes by the
 * minute, and a ratio of two p99s taken minutes apart measures the neighbours, not the data).
 */
import { signIn, type ConsoleClient } from './console-client';
import { BENCH_PASSWORD, type CompanyState } from './scale-companies';
import { round, summarize } from './stats';

export type Route = [name: string, path: (c: CompanyState) => string];

export interface PairedOptions {
  stack: { apiUrl: string; wsUrl: string };
  routes: Route[];
  /** Measured seconds per route and company. */
  seconds: number;
  connections: number;
  /** Alternating slices per route and company (an even number keeps the order balanced). */
  slices?: number;
  /** p99(L) ÷ p99(S) at or under this is 'ok'. */
  goal?: number;
}

const SLICE_WARMUP_MS = 500;

/** Every route on S and L in alternating slices; one row per route with both companies' figures and the ratio. */
export async function measurePaired(
  s: CompanyState,
  l: CompanyState,
  options: PairedOptions,
): Promise<Record<string, string | number>[]> {
  const { stack, routes, seconds, connections, slices = 4, goal = 1.25 } = options;
  // Access tokens live 15 minutes and a fill takes longer: sign in again before every measurement.
  const clients = new Map<CompanyState, ConsoleClient>();
  for (const c of [s, l]) clients.set(c, await signIn(stack.apiUrl, stack.wsUrl, c.email, BENCH_PASSWORD));
  // Unmeasured: JIT, connection pools and DynamoDB Local's caches warm on every route for both companies, so
  // the first measured slice (S's, of the first route) does not pay for them alone.
  for (const [, path] of routes) for (const c of [s, l]) await load(clients.get(c)!, () => path(c), 1000, [], connections);
  const rows = [];
  for (const [name, path] of routes) {
    const samples = new Map<CompanyState, number[]>([
      [s, []],
      [l, []],
    ]);
    let errors = 0;
    for (let slice = 0; slice < slices; slice++) {
      for (const c of slice % 2 === 0 ? [s, l] : [l, s]) {
        errors += await load(clients.get(c)!, () => path(c), (seconds * 1000) / slices, samples.get(c)!, connections);
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
      goal: ratio <= goal ? 'ok' : 'OVER',
    });
  }
  return rows;
}

/** The first few distinct failures, on stderr: an `errors` count alone cannot tell a 429 from a 500. */
const seenErrors = new Set<string>();
function reportError(err: unknown): void {
  const message = String(err).slice(0, 300);
  if (seenErrors.size >= 5 || seenErrors.has(message)) return;
  seenErrors.add(message);
  console.error(`request failed: ${message}`);
}

/** `connections` workers, each sending its next request when the last answered, for `ms` after a short warm-up; returns errors. */
async function load(
  client: ConsoleClient,
  path: () => string,
  ms: number,
  latencies: number[],
  connections: number,
): Promise<number> {
  let errors = 0;
  const warmupEnds = performance.now() + SLICE_WARMUP_MS;
  const ends = warmupEnds + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < ends) {
        const t = performance.now();
        try {
          await client.api('GET', path());
        } catch (err) {
          errors++;
          reportError(err);
        }
        if (t >= warmupEnds) latencies.push(performance.now() - t);
      }
    }),
  );
  return errors;
}
