/**
 * What each Lambda bundle is made of: bundles every manifest area with the CDK's esbuild options
 * (plus `metafile`) and prints, per area, the total, the bytes per package and the biggest inputs.
 * The first thing to run when bench/bundles.ts reports a budget miss.
 *
 *   npx tsx bench/bundle-composition.ts               # every area, top 15 inputs
 *   npx tsx bench/bundle-composition.ts auth users    # only these areas
 *   npx tsx bench/bundle-composition.ts --top 40      # more inputs per area
 *   npx tsx bench/bundle-composition.ts auth --why client-sqs   # the import chain that pulls it in
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { AREAS, type Area } from '../functions/src/manifest';
import { esbuildOptions } from '../infra/lib/functions/bundling-options';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

/** `node_modules/@aws-sdk/client-s3/dist-es/…` → `@aws-sdk/client-s3`; repo sources → their workspace. */
export function packageOf(input: string): string {
  const parts = input.split('node_modules/');
  if (parts.length > 1) {
    const segments = parts[parts.length - 1]!.split('/');
    return segments[0]!.startsWith('@') ? `${segments[0]}/${segments[1]}` : segments[0]!;
  }
  return `(repo) ${input.replace(/^\.\.\//g, '').split('/')[0]}`;
}

function outputInputs(metafile: Metafile): [string, number][] {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint);
  return Object.entries(output?.inputs ?? {}).map(([path, info]) => [path, info.bytesInOutput]);
}

function sumBy(entries: [string, number][], key: (path: string) => string): [string, number][] {
  const totals = new Map<string, number>();
  for (const [path, bytes] of entries) totals.set(key(path), (totals.get(key(path)) ?? 0) + bytes);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Shortest import chain from the entry point to the first input whose path contains `needle`. */
export function whyIncluded(metafile: Metafile, entry: string, needle: string): string[] | undefined {
  const cameFrom = new Map<string, string>([[entry, '']]);
  const queue = [entry];
  while (queue.length) {
    const current = queue.shift()!;
    if (current.includes(needle)) {
      const chain = [current];
      while (cameFrom.get(chain[0]!)) chain.unshift(cameFrom.get(chain[0]!)!);
      return chain;
    }
    for (const { path } of metafile.inputs[current]?.imports ?? []) {
      if (!cameFrom.has(path) && metafile.inputs[path]) {
        cameFrom.set(path, current);
        queue.push(path);
      }
    }
  }
  return undefined;
}

/** `--name value` taken out of `args`. */
function takeOption(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args.splice(index, 2)[1] : undefined;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const top = Number(takeOption(args, '--top') ?? 15);
  const why = takeOption(args, '--why');
  const areas = (args.length ? args : Object.keys(AREAS)) as Area[];
  const outDir = mkdtempSync(join(tmpdir(), 'atende-composition-'));
  try {
    for (const area of areas) {
      const options = esbuildOptions(join(ROOT, 'functions', AREAS[area]), join(outDir, area, 'index.mjs'));
      const { metafile } = await build({ ...options, metafile: true, logLevel: 'error' });
      if (why) {
        const entry = Object.values(metafile.outputs).find((o) => o.entryPoint)!.entryPoint!;
        const chain = whyIncluded(metafile, entry, why);
        console.log(`\n## ${area}: ${chain ? `\n  ${chain.join('\n  → ')}` : `nothing matches "${why}"`}`);
        continue;
      }
      const inputs = outputInputs(metafile).filter(([, bytes]) => bytes > 0);
      const total = inputs.reduce((sum, [, bytes]) => sum + bytes, 0);
      console.log(`\n## ${area}: ${kb(total).trim()} of code from ${inputs.length} inputs`);
      console.log('by package:');
      for (const [pkg, bytes] of sumBy(inputs, packageOf).slice(0, top)) console.log(`  ${kb(bytes)}  ${pkg}`);
      console.log(`top ${top} inputs:`);
      for (const [path, bytes] of inputs.sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`  ${kb(bytes)}  ${path.replace(/^(\.\.\/)+/, '')}`);
      }
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
