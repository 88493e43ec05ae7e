/** Small helpers shared by the benches: percentiles and a plain-text table. */
export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[i]!;
}

export function summarize(name: string, samplesMs: number[]): Record<string, string | number> {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const total = samplesMs.reduce((a, b) => a + b, 0);
  return {
    name,
    n: samplesMs.length,
    'p50 ms': round(percentile(sorted, 50)),
    'p99 ms': round(percentile(sorted, 99)),
    'max ms': round(sorted[sorted.length - 1] ?? NaN),
    'mean ms': round(total / Math.max(1, samplesMs.length)),
  };
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export function printTable(rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`;
  console.log(line(cols));
  console.log(`|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(cols.map((c) => String(r[c] ?? ''))));
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}
