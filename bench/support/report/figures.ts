/**
 * The results page's figures: one line per measured figure with its goal, and the ratio of this run to
 * the last committed one (bench/RESULTS.json at HEAD) where the figure is a number.
 */

/** One line of a bench's table: `ok` undefined when the figure has no goal (reported only). */
export interface Figure {
  name: string;
  goal: string;
  figure: string;
  /** The number behind `figure` (ms, KB, units…): what "this ÷ last" divides. */
  value?: number;
  ok?: boolean;
}

/** A row of a bench's printed table, as its `--json` line carries it. */
export type Row = Record<string, string | number>;

export const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v ?? '').replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** `p50 / p99 ms`, valued by the p99 (what the goals judge). */
export function latency(name: string, row: Row, goal = '—', ok?: boolean): Figure {
  const p99 = num(row['p99 ms']);
  return { name, goal, figure: `${row['p50 ms']} / ${row['p99 ms']} ms`, value: p99, ok };
}

/** `at most` goals: a figure with a value, judged against `limit`. */
export function atMost(name: string, value: number | undefined, limit: number, unit: string, figure?: string): Figure {
  return {
    name,
    goal: `≤ ${limit}${unit ? ` ${unit}` : ''}`,
    figure: figure ?? (value === undefined ? 'missing' : `${value}${unit ? ` ${unit}` : ''}`),
    value,
    ok: value !== undefined && value <= limit,
  };
}

/** This run's value ÷ the last committed run's, for a figure of the same name. */
export function ratioToLast(current: Figure, last: readonly Figure[] | undefined): number | undefined {
  const previous = last?.find((f) => f.name === current.name);
  if (current.value === undefined || previous?.value === undefined || previous.value === 0) return undefined;
  return current.value / previous.value;
}

const verdict = (f: Figure) => (f.ok === undefined ? 'reported' : f.ok ? 'pass' : '**FAIL**');

/** The bench's table: figure, goal, this run, the last committed run and their ratio, pass/fail. */
export function markdownTable(figures: readonly Figure[], last?: readonly Figure[]): string {
  const escape = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| figure | goal | measured | last committed | this ÷ last | result |',
    '|---|---|---:|---:|---:|---|',
    ...figures.map((f) => {
      const before = last?.find((p) => p.name === f.name)?.figure ?? '—';
      const ratio = ratioToLast(f, last);
      const cells = [f.name, f.goal, f.figure, before, ratio === undefined ? '—' : ratio.toFixed(2), verdict(f)];
      return `| ${cells.map(escape).join(' | ')} |`;
    }),
  ].join('\n');
}
