/**
 * bench/RESULTS.md from the benches' records: the machine and the run, a summary of every bench (its
 * command, when, how long, the load average before and after), then per bench its figures beside the
 * last committed run's (bench/RESULTS.json at HEAD).
 */
import { cpus, totalmem } from 'node:os';
import type { ReportBench } from './bench-spec';
import { markdownTable, type Figure } from './figures';
import type { BenchRecord } from './run-bench';

/** bench/RESULTS.json: the figures of the run RESULTS.md shows, read back as "last" by the next run. */
export interface FiguresFile {
  writtenAt: string;
  commit: string;
  quick: boolean;
  benches: Record<string, { startedAt: string; figures: Figure[] }>;
}

/** Benches not in the report, and why. */
export const LEFT_OUT: [file: string, why: string][] = [
  [
    'session-host-memory.ts, session-host-large-media.ts, session-host-key-store.ts',
    'the session host’s memory and key store: no issue asks for them in this report; each runs alone (bench/README.md)',
  ],
  ['bundle-composition.ts', 'a diagnostic (what each bundle is made of), not a figure'],
];

export interface PageInput {
  benches: readonly ReportBench[];
  /** bench/RESULTS.md at HEAD: a kept bench's summary row and section are copied from it (`keptFigures`). */
  lastMarkdown?: string;
  records: ReadonlyMap<string, BenchRecord>;
  /** The benches this run executed (the others' tables come from their last outputs). */
  ran: ReadonlySet<string>;
  last?: FiguresFile;
  quick: boolean;
  commit: string;
  startLoad: number[];
  expectedMinutes: { thisRun: number; full: number };
  tookMinutes?: number;
}

export interface Page {
  markdown: string;
  figures: FiguresFile;
  failed: number;
}

export function figuresOf(bench: ReportBench, record: BenchRecord | undefined): Figure[] {
  if (!record?.output) {
    const why = !record ? 'not run' : record.timedOut ? 'timed out' : `exited ${record.exitCode} without its figures`;
    return [{ name: 'no output', goal: '—', figure: why, ok: false }];
  }
  try {
    return bench.figures(record.output);
  } catch (err) {
    return [{ name: 'unreadable output', goal: '—', figure: String(err).slice(0, 120), ok: false }];
  }
}

export function buildPage(input: PageInput): Page {
  const { benches, records, last, quick } = input;
  const figures: FiguresFile = { writtenAt: new Date().toISOString(), commit: input.commit, quick, benches: {} };
  const sections: string[] = [];
  const summary: string[] = [];
  let failed = 0;
  for (const bench of benches) {
    const record = records.get(bench.name);
    const kept = keptFigures(bench.name, record, input);
    const own = kept?.figures ?? figuresOf(bench, record);
    failed += own.filter((f) => f.ok === false).length;
    if (record) figures.benches[bench.name] = { startedAt: record.startedAt, figures: own };
    else if (kept) figures.benches[bench.name] = kept;
    const met = own.filter((f) => f.ok !== undefined);
    const copied = kept && committedParts(input.lastMarkdown, bench);
    if (copied) {
      summary.push(copied.row);
      sections.push(copied.section);
      continue;
    }
    summary.push(
      `| ${bench.name} | ${record ? `${record.startedAt.slice(0, 16).replace('T', ' ')}${input.ran.has(bench.name) ? '' : ' (earlier)'}` : 'not run'} | ` +
        `${record ? `${(record.seconds / 60).toFixed(1)} min` : '—'} | ${record ? `${record.loadBefore} → ${record.loadAfter}` : '—'} | ` +
        `${record?.exitCode ?? '—'} | ${met.filter((f) => f.ok).length} of ${met.length} |`,
    );
    const note = record?.output && bench.note ? `${safe(() => bench.note!(record.output))}\n\n` : '';
    const command = record
      ? `\`${record.command}\``
      : kept
        ? `(not run here: its figures as the last committed page has them, measured ${kept.startedAt})`
        : '(not run)';
    const error = record?.errorTail ? `\n\n\`\`\`\n${record.errorTail}\n\`\`\`` : '';
    sections.push(
      `## ${bench.title} (\`${bench.script}\`)\n\n${command}${record ? `, ${record.startedAt}, load ${record.loadBefore} → ${record.loadAfter}` : ''}` +
        `${error}\n\n${note}${markdownTable(own, last?.benches[bench.name]?.figures)}`,
    );
  }
  const cpu = cpus();
  const markdown = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench:report${quick ? ' -- --quick' : ''}\` on ${figures.writtenAt}, commit ${input.commit}; ` +
      `${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}; ` +
      `load average ${input.startLoad.map((n) => n.toFixed(2)).join(' / ')} when it started.`,
    '',
    quick
      ? '**A `--quick` run: every bench at a small size, to check the page end to end. Its figures are not the issues’ figures.**'
      : `A full run (\`npm run bench:report\`) takes ≈ ${Math.round(input.expectedMinutes.full)} min on this 2-core machine` +
        `${input.tookMinutes === undefined ? '' : `; this one took ${input.tookMinutes.toFixed(0)} min`}.`,
    '',
    last
      ? `"this ÷ last": this run's figure ÷ the last committed run's (\`bench/RESULTS.json\` at HEAD: commit ${last.commit}, written ${last.writtenAt}${last.quick ? ', a quick run' : ''}).`
      : '"this ÷ last": no committed `bench/RESULTS.json` at HEAD yet, so no ratio.',
    'Latencies move with the machine’s load: each bench gives its load average (1 minute) before and after.',
    '',
    '| bench | started (UTC) | took | load before → after | exit | goals met |',
    '|---|---|---:|---|---:|---:|',
    ...summary,
    '',
    ...sections.flatMap((s) => [s, '']),
    '## Not in this report',
    '',
    ...LEFT_OUT.map(([file, why]) => `- \`${file}\`: ${why}.`),
    '',
  ].join('\n');
  return { markdown, figures, failed };
}

/**
 * A bench this run did not execute whose output is not on this machine (a fresh clone keeps no
 * bench/results): its figures as the last committed page has them, so `--only` refreshes one bench
 * without dropping the others.
 */
function keptFigures(name: string, record: BenchRecord | undefined, input: PageInput) {
  if (record || input.ran.has(name) || input.quick || input.last?.quick) return undefined;
  const committed = input.last?.benches[name];
  return committed?.startedAt ? committed : undefined;
}

/** A bench's summary row and section as the committed page has them (undefined when it has none). */
function committedParts(markdown: string | undefined, bench: ReportBench) {
  if (!markdown) return undefined;
  const row = markdown.split('\n').find((line) => line.startsWith(`| ${bench.name} `));
  const heading = `## ${bench.title} (\`${bench.script}\`)`;
  const start = markdown.indexOf(`${heading}\n`);
  if (!row || start < 0) return undefined;
  const end = markdown.indexOf('\n## ', start + heading.length);
  return { row, section: markdown.slice(start, end < 0 ? undefined : end).trimEnd() };
}

function safe(fn: () => string): string {
  try {
    return fn();
  } catch {
    return '';
  }
}
