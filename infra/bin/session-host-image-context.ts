/**
 * Stages the session host's Docker build context (what `cdk deploy` builds) into a directory, for a
 * build by hand: `npx tsx infra/bin/session-host-image-context.ts <dir> && docker build <dir>`.
 */
import { resolve } from 'node:path';
import { stageHostImageContext } from '../lib/session-host/host-image-context';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: npx tsx infra/bin/session-host-image-context.ts <output dir>\n');
  process.exit(2);
}
const { dir } = stageHostImageContext({ outDir: resolve(out) });
process.stdout.write(`${dir}\n`);
