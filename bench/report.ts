/**
 * `npm run bench:report`: runs the quick benches (each in its own process) and writes bench/RESULTS.md —
 * per bench a table of goal, figure and pass/fail, with the date, the commit, the machine and its load
 * average, and the commands that reproduce it. `npm run bench:report -- --last` writes the page from
 * the benches' last outputs (bench/results/*.json) without running them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { BUDGET } from './bundles';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results');

/** One line of a bench's table: `ok` undefined when the figure has no goal (reported only). */
export interface Figure {
  name: string;
  goal: string;
  figure: string;
  ok?: boolean;
}

interface QuickBench {
  title: string;
  command: string[];
  /** Where the bench's last output is kept (the bench writes it, or this report does from its stdout). */
  output: string;
  /** Writes `output` from the bench's stdout when the bench does not itself. */
  fromStdout?: (stdout: string) => unknown;
  figures(output: unknown): Figure[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const lastJsonLine = (stdout: string) =>
  JSON.parse(
    stdout
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.startsWith('{'))!,
  ) as unknown;

interface BundlesOutput {
  figures: { area: string; bytes: number; coldInitMs: number }[];
  largest: number;
  medianBytes: number;
}

interface AudienceOutput {
  perMessage: { channel: string; 'posts per message': number }[];
  latency: Record<string, string | number>[];
}

export const QUICK_BENCHES: QuickBench[] = [
  {
    title: 'Lambda bundles (`bench/bundles.ts`)',
    command: ['bench/bundles.ts', '--json'],
    output: 'bundles.json',
    figures(raw) {
      const out = raw as BundlesOutput;
      const slowest = Math.max(...out.figures.map((f) => f.coldInitMs));
      return [
        {
          name: 'largest bundle',
          goal: `< ${kb(BUDGET.largestBytes)}`,
          figure: kb(out.largest),
          ok: out.largest < BUDGET.largestBytes,
        },
        {
          name: 'median bundle',
          goal: `< ${kb(BUDGET.medianBytes)}`,
          figure: kb(out.medianBytes),
          ok: out.medianBytes < BUDGET.medianBytes,
        },
        { name: 'slowest cold init', goal: '—', figure: `${slowest.toFixed(1)} ms` },
      ];
    },
  },
  {
    title: 'Realtime by audience (`bench/realtime-audience.ts`)',
    command: ['bench/realtime-audience.ts', '20', '100', '--json'],
    output: 'realtime-audience.json',
    fromStdout: lastJsonLine,
    figures(raw) {
      const { latency: rows, perMessage } = raw as AudienceOutput;
      const total = perMessage.find((p) => p.channel === 'total')?.['posts per message'];
      const figures: Figure[] = [
        {
          name: 'posts per inbound message, 12 consoles open',
          // Its audience is the 2 admin tabs of the 12 consoles (a queue-less connection); a new ticket's first
          // message adds its own events. Sent to every console it would be 12.
          goal: '≤ 3 (its audience: 2 admin tabs of 12)',
          figure: String(total),
          ok: Number(total) <= 3,
        },
        ...rows.map((row) => ({
          name: `${row.name} p50 / p99`,
          goal: '—',
          figure: `${row['p50 ms']} / ${row['p99 ms']} ms`,
        })),
      ];
      // The API path with 100 sockets against 0, the fan-out not sharing the cores (in AWS it is its own Lambda).
      const idle = rows.find((r) => String(r.name).includes('0 sockets') && !String(r.name).includes('100'));
      const busy = rows.find((r) => String(r.name).includes('not sharing')) ?? rows[1];
      if (idle && busy) {
        const ratio = Number(busy['p99 ms']) / Number(idle['p99 ms']);
        figures.push({
          name: 'p99 with 100 sockets ÷ p99 with 0',
          goal: '≤ 2 (open sockets do not slow the API)',
          figure: ratio.toFixed(2),
          ok: ratio <= 2,
        });
      }
      return figures;
    },
  },
];

export function markdownTable(figures: Figure[]): string {
  const verdict = (f: Figure) => (f.ok === undefined ? 'reported' : f.ok ? 'pass' : '**FAIL**');
  return [
    '| figure | goal | measured | result |',
    '|---|---|---:|---|',
    ...figures.map((f) => `| ${f.name} | ${f.goal} | ${f.figure} | ${verdict(f)} |`),
  ].join('\n');
}

/** HEAD, and whether the tree had changes not committed yet (their figures are not HEAD's). */
function commit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function runBench(bench: QuickBench): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, bench.command[0]!), ...bench.command.slice(1)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'SILENT', LOCAL_QUIET: 'true' },
  });
  if (result.status !== 0 && !bench.fromStdout) console.error(`${bench.command[0]} exited ${result.status}`);
  if (bench.fromStdout) {
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, bench.output), `${JSON.stringify(bench.fromStdout(result.stdout), null, 2)}\n`);
  }
}

async function main(): Promise<void> {
  const last = process.argv.includes('--last');
  const load = loadavg().map((n) => n.toFixed(2));
  const sections: string[] = [];
  let failed = 0;
  for (const bench of QUICK_BENCHES) {
    if (!last) runBench(bench);
    const file = join(RESULTS, bench.output);
    const figures: Figure[] = existsSync(file)
      ? bench.figures(JSON.parse(readFileSync(file, 'utf8')))
      : [{ name: 'no output', goal: '—', figure: 'not run', ok: false }];
    failed += figures.filter((f) => f.ok === false).length;
    const measured = existsSync(file) ? `, measured ${statSync(file).mtime.toISOString()}` : '';
    sections.push(`## ${bench.title}\n\n\`npx tsx ${bench.command.join(' ')}\`${measured}\n\n${markdownTable(figures)}`);
  }
  const page = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench:report\`${last ? ' from the last outputs (`--last`)' : ''} on ${new Date().toISOString()},`,
    `commit ${commit()}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB,`,
    `Node ${process.version}; load average ${load.join(' / ')} ${last ? 'when the page was written (each table says when its bench ran)' : 'when the run started'} (the machine is shared: latencies move with it).`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  const target = join(ROOT, 'bench', 'RESULTS.md');
  // Formatted as the repository's `prettier --check` expects.
  writeFileSync(target, await format(page, { ...(await resolveConfig(target)), parser: 'markdown' }));
  console.log(page);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
