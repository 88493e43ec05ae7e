/**
 * The browser tests drive the console as users get it: one production build (as `npm start` and the
 * deployed site serve it, `buildConsole`) for the whole run, in a temporary folder that each test's
 * stack serves (`web: 'dist'`). Vite's dev server compiled each screen on first visit, could reload a
 * page when it met a dependency it had not optimised, and ran React's StrictMode double effects, none
 * of which a user sees (docs/decisions.md "Browser tests drive the built console").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildConsole } from '../../infra/local/console-build';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let consoleDir: string | undefined;

export async function setup(project: TestProject) {
  consoleDir = mkdtempSync(join(tmpdir(), 'atende-e2e-console-'));
  await buildConsole(repoRoot, consoleDir);
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
