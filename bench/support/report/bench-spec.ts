/**
 * What the results page needs to know of a bench: how to run it at full and at quick size, how long
 * that takes, and how to read its `--json` line into figures.
 */
import { join } from 'node:path';
import { atMost, latency, num, type Figure, type Row } from './figures';

export interface RunContext {
  /** `--quick`: every bench at a small size, to check the page end to end in a few minutes. */
  quick: boolean;
  /** The run's data folder (DynamoDB files the scale benches share, the console's build). */
  dataDir: string;
  /** The benches this run executes (`--only`), for benches that reuse another's output. */
  selected: ReadonlySet<string>;
}

export interface ReportBench {
  /** Its `--only` name and the name of its output, bench/results/<name>.json. */
  name: string;
  title: string;
  /** The bench's file, from the repository root. */
  script: string;
  /** Its arguments before `--json` (the report appends it). */
  args(ctx: RunContext): string[];
  env?(ctx: RunContext): Record<string, string>;
  /** Minutes on the 2-core machine, quiet: full size and `--quick` (measured, bench/README.md "The results page"). */
  minutes: { full: number; quick: number };
  /** One line under the title: what was compared with what (sizes, rates), from the output. */
  note?(output: any): string;
  figures(output: any): Figure[];
}

/** Full or quick size. */
export const sized = <T>(ctx: RunContext, full: T, quick: T): T => (ctx.quick ? quick : full);

/** A sub-folder of the run's data folder. */
export const data = (ctx: RunContext, name: string) => join(ctx.dataDir, name);

/** DynamoDB Local tuned for a 100,000-item fill (bench/README.md "Ticket workspace"): the full JIT and 2 GB. */
export const FILL_JVM = () => ({ DYNAMODB_LOCAL_JAVA_OPTS: '-XX:+UseParallelGC -Xmx2g' });

export const PAIRED_GOAL = 1.25;

/** The paired S/L benches' rows (support/paired-measure.ts): per route S, L and p99 L ÷ S (goal ≤ 1.25). */
export function pairedFigures(rows: readonly Row[]): Figure[] {
  return rows.flatMap((row) => {
    const route = String(row.route);
    const figures: Figure[] = [
      { name: `${route}: S p50 / p99 · req/s`, goal: '—', ...pairSide(row, 'S') },
      { name: `${route}: L p50 / p99 · req/s`, goal: '—', ...pairSide(row, 'L') },
      atMost(`${route}: p99 L ÷ S`, num(row['p99 L ÷ S']), PAIRED_GOAL, ''),
    ];
    if (Number(row.errors) > 0)
      figures.push({
        name: `${route}: errors`,
        goal: '0',
        figure: String(row.errors),
        value: Number(row.errors),
        ok: false,
      });
    return figures;
  });
}

function pairSide(row: Row, side: 'S' | 'L'): Pick<Figure, 'figure' | 'value'> {
  const times = String(row[`${side} p50 / p99 ms`]);
  return { figure: `${times} ms · ${row[`${side} req/s`]}/s`, value: num(times.split('/')[1]) };
}

/** "S 1,000 vs L 100,000 tickets" */
export const pairNote = (unit: string) => (out: { small?: number; large?: number; seconds?: number }) =>
  `S ${out.small?.toLocaleString('en')} vs L ${out.large?.toLocaleString('en')} ${unit}, measured paired, ${out.seconds} s per route and company.`;

export const latencyRows = (rows: readonly Row[]) => rows.map((row) => latency(`${row.name} p50 / p99`, row));
