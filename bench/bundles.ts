/**
 * Lambda bundle bench: bundles every manifest area exactly as `cdk synth` does (the esbuild options
 * come from infra/lib/functions/bundling-options.ts), then prints size, gzip size and cold init time
 * (importing the bundle in a fresh `node --enable-source-maps` process, as the Lambda runtime does,
 * median of 5) and checks the budgets: largest bundle under 1 MB, median under 342 KB (goal 340 KB).
 *
 *   npx tsx bench/bundles.ts            # table + budgets; exit code 1 when a budget is missed
 *   npx tsx bench/bundles.ts --json     # the same figures as one line of JSON (bench/report.ts keeps it)
 *   npx tsx bench/bundle-composition.ts # what each bundle is made of (bytes per package and input)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { AREAS, type Area } from '../functions/src/manifest';
import { esbuildOptions, FUNCTION_NODE_OPTIONS } from '../infra/lib/functions/bundling-options';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;
/** The budgets (docs/decisions.md "Lambda bundle budget, round 15"); infra/test/stack/functions.ts checks the synthesized stack. */
export const BUDGET = { largestBytes: 1024 * 1024, medianBytes: 342 * 1024 };

export interface BundleFigures {
  area: Area;
  bytes: number;
  gzipBytes: number;
  coldInitMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Import time of the module graph only (what a cold start pays before the first invocation). */
function coldInitMs(bundle: string, cwd: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(bundle).href)}); console.log(performance.now() - t);`;
  const runOnce = () => {
    const run = spawnSync(
      process.execPath,
      [...FUNCTION_NODE_OPTIONS.split(' '), '--input-type=module', '-e', script],
      // A bare Lambda-like environment, run outside the repository: nothing resolves from node_modules.
      { cwd, env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', TABLE_NAME: 'bench' }, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`importing ${bundle} failed:\n${run.stderr.split('\n').slice(0, 6).join('\n')}`);
    return Number(run.stdout.trim());
  };
  return median(Array.from({ length: RUNS }, runOnce));
}

export async function measureBundles(): Promise<BundleFigures[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'atende-bundles-'));
  try {
    const figures: BundleFigures[] = [];
    for (const area of Object.keys(AREAS) as Area[]) {
      const outfile = join(outDir, area, 'index.mjs');
      mkdirSync(dirname(outfile), { recursive: true });
      await build({ ...esbuildOptions(join(ROOT, 'functions', AREAS[area]), outfile), logLevel: 'error' });
      figures.push({
        area,
        bytes: statSync(outfile).size,
        gzipBytes: gzipSync(readFileSync(outfile)).length,
        coldInitMs: coldInitMs(outfile, outDir),
      });
    }
    return figures;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function budgetReport(figures: BundleFigures[]) {
  const sizes = figures.map((f) => f.bytes);
  const largest = Math.max(...sizes);
  const medianBytes = median(sizes);
  return {
    largest,
    medianBytes,
    largestOk: largest < BUDGET.largestBytes,
    medianOk: medianBytes < BUDGET.medianBytes,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printTable(figures: BundleFigures[]): void {
  const rows = [
    ['area', 'bundle KB', 'gzip KB', 'cold init ms'],
    ...figures.map((f) => [f.area, kb(f.bytes), kb(f.gzipBytes), f.coldInitMs.toFixed(1)]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join(' | ')} |`;
  console.log(line(rows[0]!));
  console.log(`| ${widths.map((w, col) => (col === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main(): Promise<void> {
  const figures = await measureBundles();
  const report = budgetReport(figures);
  const result = { node: process.version, measuredAt: new Date().toISOString(), figures, ...report };
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result)); // one line: bench/report.ts reads the last
  } else {
    printTable(figures);
    console.log(
      `\nlargest ${kb(report.largest)} KB (budget < ${kb(BUDGET.largestBytes)} KB): ${report.largestOk ? 'ok' : 'OVER'}`,
    );
    console.log(
      `median  ${kb(report.medianBytes)} KB (budget < ${kb(BUDGET.medianBytes)} KB): ${report.medianOk ? 'ok' : 'OVER'}`,
    );
    if (!report.largestOk || !report.medianOk)
      console.log('what each bundle is made of: npx tsx bench/bundle-composition.ts');
  }
  if (!report.largestOk || !report.medianOk) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
