// @vitest-environment node
/**
 * The sign-in page's first load stays within its budget (issue 7 item 7): a real production build
 * (~5 s), then the gzip size of every chunk /login fetches before it renders. The same figures,
 * with the per-chunk table, come from `npx tsx bench/web-first-load.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { costTable, routeCost, SIGN_IN_BUDGET_BYTES } from '../../bench/support/web-first-load';

const web = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'atende-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('console first load', () => {
  it('the sign-in route fetches at most 200 KB of gzipped code before it renders', { timeout: 120_000 }, () => {
    const vite = join(dirname(createRequire(join(web, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: web,
      encoding: 'utf8',
      // vitest sets NODE_ENV=test, which would build React's development bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    expect(build.status, build.stderr).toBe(0);

    const cost = routeCost(outDir);
    const files = cost.chunks.map((chunk) => chunk.file);
    // What the split keeps out of the first load (each a regression seen while splitting).
    expect(files.filter((file) => /amplify|api-|connections|simulator|users|dashboard|app-layout|zod/i.test(file))).toEqual(
      [],
    );
    expect(cost.totalBytes, costTable(cost)).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
  });
});
