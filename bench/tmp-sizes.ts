import { build } from 'esbuild';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { AREAS, type Area } from '../functions/src/manifest';
import { esbuildOptions } from '../infra/lib/functions/bundling-options';
const extra = JSON.parse(process.env.EXTRA ?? '{}');
const sizes: number[] = [];
const row: string[] = [];
for (const area of Object.keys(AREAS) as Area[]) {
  const base0 = esbuildOptions(join('/work/main/functions', AREAS[area]), `/tmp/bt/${area}.mjs`);
  const base = { ...base0, ...extra, external: [...(base0.external ?? []), ...(extra.external ?? [])] }; await build({ ...base, logLevel: 'error' });
  const s = statSync(`/tmp/bt/${area}.mjs`).size; sizes.push(s); row.push(`${area} ${(s/1024).toFixed(1)}`);
}
sizes.sort((a,b)=>a-b);
console.log(row.join(' | '), '|| median', (sizes[3]!/1024).toFixed(1));
