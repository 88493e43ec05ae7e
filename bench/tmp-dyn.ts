import { build } from 'esbuild';
import { join } from 'node:path';
import { AREAS, type Area } from '../functions/src/manifest';
import { esbuildOptions } from '../infra/lib/functions/bundling-options';
for (const area of process.argv.slice(2) as Area[]) {
const { metafile } = await build({ ...esbuildOptions(join('/work/main/functions', AREAS[area]), '/tmp/bt/index.mjs'), metafile: true, logLevel: 'error' });
console.log('##', area);
for (const [p, i] of Object.entries(metafile.inputs)) for (const imp of i.imports) if (imp.kind === 'dynamic-import' || imp.kind === 'require-call') console.log(imp.kind, imp.original, imp.external ? 'EXTERNAL' : '', '<-', p.replace(/^(\.\.\/)+node_modules\//, ''));
}
