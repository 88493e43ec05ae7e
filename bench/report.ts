/**
 * `npm run bench:report`: runs every bench the issues ask for, each in its own process, and writes
 * bench/RESULTS.md — the machine, the date, the commit, per bench its exact command, the load average
 * before and after it, and a table of each figure with its goal, pass/fail and its ratio to the last
 * committed run (bench/RESULTS.json at HEAD, which this run rewrites for the next). Ratios of 100,000
 * to 1,000 are the paired benches' own figures.
 *
 *   npm run bench:report                         # every bench at full size (prints the expected duration)
 *   npm run bench:report -- --quick              # every bench at a small size, into bench/results/quick/
 *   npm run bench:report -- --only inbound-pipeline,request-counts   # a subset; the page keeps the others' last outputs
 *                                                                     (on a fresh clone, none: their committed rows and sections)
 *   npm run bench:report -- --last               # the page from the last outputs, running nothing
 *   npm run bench:report -- --data-dir /dev/shm/bench   # keep the 100,000-item fills there and reuse them next time
 *
 * Outputs: bench/results/<bench>.json (not committed), bench/RESULTS.md and bench/RESULTS.json (committed).
 * A quick run writes only under bench/results/quick/, never over a full run's page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { API_BENCHES } from './support/report/api-benches';
import type { ReportBench, RunContext } from './support/report/bench-spec';
import { BUILD_BENCHES } from './support/report/build-benches';
import { buildPage, type FiguresFile } from './support/report/page';
import { runBench, type BenchRecord } from './support/report/run-bench';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** In the order they run: quick and build benches first, the 100,000-item fills after, the dashboard on the tickets' fill. */
export const REPORT_BENCHES: ReportBench[] = [
  ...BUILD_BENCHES.filter((b) => ['bundles', 'web-first-load', 'web-lighthouse'].includes(b.name)),
  ...API_BENCHES.filter((b) => !b.name.endsWith('-scale') && b.name !== 'contact-search'),
  ...BUILD_BENCHES.filter((b) => ['campaign-planning', 'fleet-failover'].includes(b.name)),
  ...API_BENCHES.filter((b) => b.name.endsWith('-scale') || b.name === 'contact-search'),
];

export interface ReportOptions {
  quick: boolean;
  last: boolean;
  only?: string[];
  dataDir?: string;
}

export function parseOptions(argv: readonly string[]): ReportOptions {
  const value = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const only = value('--only')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((name) => !REPORT_BENCHES.some((b) => b.name === name)) ?? [];
  if (unknown.length)
    throw new Error(`--only: no bench ${unknown.join(', ')} (${REPORT_BENCHES.map((b) => b.name).join(', ')})`);
  const dataDir = value('--data-dir');
  return { quick: argv.includes('--quick'), last: argv.includes('--last'), only, dataDir: dataDir && resolve(dataDir) };
}

/** Minutes the benches take: the last measured run of the same size when there is one, the catalogue's estimate otherwise. */
export function expectedMinutes(
  benches: readonly ReportBench[],
  quick: boolean,
  measured: (name: string) => BenchRecord | undefined,
): number {
  return benches.reduce((sum, b) => {
    const record = measured(b.name);
    return (
      sum +
      (record && record.quick === quick && record.exitCode === 0
        ? record.seconds / 60
        : quick
          ? b.minutes.quick
          : b.minutes.full)
    );
  }, 0);
}

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The last committed run's figures: bench/RESULTS.json at HEAD. */
function lastCommitted(): FiguresFile | undefined {
  const text = git('show', 'HEAD:bench/RESULTS.json');
  return text ? (JSON.parse(text) as FiguresFile) : undefined;
}

/** A bench's record of an earlier run (a file of another shape, from before the report kept records, is none). */
function readRecord(file: string): BenchRecord | undefined {
  const record = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchRecord>) : undefined;
  return record?.bench && 'output' in record ? (record as BenchRecord) : undefined;
}

/** A folder for the run's data on tmpfs when there is one (DynamoDB Local syncs every batch to disk). */
function scratchDir(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  return mkdtempSync(join(base, 'atende-bench-report-'));
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const outDir = join(ROOT, 'bench', 'results', ...(options.quick ? ['quick'] : []));
  const pageDir = options.quick ? outDir : join(ROOT, 'bench');
  mkdirSync(outDir, { recursive: true });
  const recordFile = (name: string) => join(outDir, `${name}.json`);
  const toRun = options.last ? [] : REPORT_BENCHES.filter((b) => !options.only || options.only.includes(b.name));
  const expected = {
    thisRun: expectedMinutes(toRun, options.quick, (n) => readRecord(recordFile(n))),
    full: expectedMinutes(REPORT_BENCHES, false, (n) => readRecord(join(ROOT, 'bench', 'results', `${n}.json`))),
  };
  console.log(
    `bench:report: ${toRun.length ? `${toRun.map((b) => b.name).join(', ')}; expected ≈ ${Math.ceil(expected.thisRun)} min` : 'from the last outputs'}` +
      ` (a full run ≈ ${Math.ceil(expected.full)} min on the quiet 2-core machine)`,
  );
  const startLoad = loadavg();
  const started = Date.now();
  const dataDir = options.dataDir ?? (toRun.length ? scratchDir() : '');
  const ctx: RunContext = { quick: options.quick, dataDir, selected: new Set(toRun.map((b) => b.name)) };
  try {
    for (const bench of toRun) {
      const record = await runBench(bench, ctx, ROOT);
      writeFileSync(recordFile(bench.name), `${JSON.stringify(record, null, 2)}\n`);
    }
  } finally {
    if (dataDir && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const records = new Map<string, BenchRecord>();
  for (const bench of REPORT_BENCHES) {
    const record = readRecord(recordFile(bench.name));
    if (record) records.set(bench.name, record);
  }
  const commit = `${git('rev-parse', '--short', 'HEAD') ?? 'unknown'}${git('status', '--porcelain', '--untracked-files=no') ? ' with uncommitted changes' : ''}`;
  const page = buildPage({
    benches: REPORT_BENCHES,
    records,
    ran: ctx.selected,
    last: lastCommitted(),
    lastMarkdown: git('show', 'HEAD:bench/RESULTS.md'),
    quick: options.quick,
    commit,
    startLoad,
    expectedMinutes: expected,
    tookMinutes: toRun.length ? (Date.now() - started) / 60_000 : undefined,
  });
  const target = join(pageDir, 'RESULTS.md');
  // Formatted as the repository's `prettier --check` expects.
  writeFileSync(target, await format(page.markdown, { ...(await resolveConfig(target)), parser: 'markdown' }));
  writeFileSync(join(pageDir, 'RESULTS.json'), `${JSON.stringify(page.figures, null, 2)}\n`);
  console.log(`\nwrote ${target} (${page.failed} goal(s) missed)`);
  process.exitCode = page.failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
