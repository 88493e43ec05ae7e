/**
 * The browser tests drive the console as users get it: one production build (`vite build`, as
 * `npm start` and the deployed site serve it) for the whole run, in a temporary folder that each
 * test's stack serves (`web: 'dist'`). Vite's dev server compiled each screen on first visit,
 * could reload a page when it met a dependency it had not optimised, and ran React's StrictMode
 * double effects, none of which a user sees (docs/decisions.md "Browser tests drive the built console").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const web = fileURLToPath(new URL('../../web', import.meta.url));
let consoleDir: string | undefined;

export function setup(project: TestProject) {
  consoleDir = mkdtempSync(join(tmpdir(), 'atende-e2e-console-'));
  const vite = join(dirname(createRequire(join(web, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', consoleDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: web,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error(`the console's build failed: ${build.stderr}`);
  project.provide('consoleDir', consoleDir);
}

export function teardown() {
  if (consoleDir) rmSync(consoleDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    consoleDir: string;
  }
}
