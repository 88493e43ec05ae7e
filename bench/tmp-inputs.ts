import { build, type Plugin } from 'esbuild';
const pure: Plugin = { name: 'pure-shared', setup(b) { b.onResolve({ filter: /.*/ }, async (args) => {
  if (args.pluginData?.skip) return undefined;
  const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { skip: true } });
  if (r.path.includes('/shared/src/')) return { ...r, sideEffects: false };
  return r.errors.length ? undefined : { ...r };
}); } };
import { join } from 'node:path';
import { AREAS, type Area } from '../functions/src/manifest';
import { esbuildOptions } from '../infra/lib/functions/bundling-options';
const area = process.argv[2] as Area; const filter = process.argv[3] ?? '';
const extra = JSON.parse(process.env.EXTRA ?? '{}'); const b0 = esbuildOptions(join('/work/main/functions', AREAS[area]), '/tmp/bt/index.mjs'); const { metafile } = await build({ ...b0, ...extra, external: [...(b0.external ?? []), ...(extra.external ?? [])], metafile: true, plugins: process.env.PURE ? [pure] : [], logLevel: 'error' });
const out = Object.values(metafile.outputs).find((o) => o.entryPoint)!;
for (const [p, i] of Object.entries(out.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) if (p.includes(filter) && i.bytesInOutput > 0) console.log((i.bytesInOutput/1024).toFixed(1).padStart(6), p.replace(/^(\.\.\/)+/, ''));
