// @vitest-environment node
/**
 * The sign-in page's first load stays within its budget (issue 7 item 7): a real production build
 * (~5 s), then the gzip size of every chunk /login fetches before it renders. The same figures,
 * with the per-chunk table, come from `npx tsx bench/web-first-load.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  costTable,
  readManifest,
  routeCost,
  routeFiles,
  SIGN_IN_BUDGET_BYTES,
  TICKETS_BUDGET_BYTES,
  TICKETS_ROUTE_SOURCES,
} from '../../bench/support/web-first-load';
import { appSystem } from '@/app/theme';
import { chakraComponentFolder, recipeKeysOfFolder } from './support/chakra-recipe-keys';

const web = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'atende-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The source modules of every chunk a route runs before it renders, from the build's source maps. */
const sourcesBeforeRender = (routeSources: string | readonly string[]): string[] =>
  routeFiles(readManifest(outDir), routeSources)
    .filter((file) => file.endsWith('.js') && existsSync(join(outDir, `${file}.map`)))
    .flatMap((file) => (JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')) as { sources: string[] }).sources);

describe('console first load', () => {
  let built: { status: number | null; stderr: string };
  beforeAll(() => {
    const vite = join(dirname(createRequire(join(web, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
    built = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: web,
      encoding: 'utf8',
      // vitest sets NODE_ENV=test, which would build React's development bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }, 120_000);

  it('the sign-in route fetches at most 200 KB of gzipped code before it renders', () => {
    expect(built.status, built.stderr).toBe(0);
    const cost = routeCost(outDir);
    const files = cost.chunks.map((chunk) => chunk.file);
    // What the split keeps out of the first load (each a regression seen while splitting).
    expect(files.filter((file) => /amplify|api-|connections|simulator|users|dashboard|app-layout|zod/i.test(file))).toEqual(
      [],
    );
    expect(cost.totalBytes, costTable(cost)).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
  });

  it(`the signed-in tickets screen fetches at most ${TICKETS_BUDGET_BYTES / 1024} KB of gzipped code before it renders (issue 28)`, () => {
    expect(built.status, built.stderr).toBe(0);
    const cost = routeCost(outDir, TICKETS_ROUTE_SOURCES);
    // What opens on a click loads then (each was in the first load before issue 28): the ticket
    // dialogs, the contact drawer, the own-profile modal and the form library they share.
    const sources = sourcesBeforeRender(TICKETS_ROUTE_SOURCES);
    expect(
      sources.filter((source) =>
        /react-hook-form|features\/users\/components|\/dialogs\/[\w-]+-dialog\.tsx|contact-drawer/.test(source),
      ),
    ).toEqual([]);
    expect(sources.some((source) => source.endsWith('features/tickets/components/list/ticket-list.tsx'))).toBe(true);
    expect(cost.totalBytes, costTable(cost)).toBeLessThanOrEqual(TICKETS_BUDGET_BYTES);
  });

  it("the sign-in route's Chakra components have their recipes in the first load's theme (theme.ts, not console-recipes.ts)", () => {
    expect(built.status, built.stderr).toBe(0);
    const sources = sourcesBeforeRender('src/features/auth/components/login-page.tsx');
    const folders = new Set(sources.map(chakraComponentFolder).filter((folder) => folder !== undefined));
    expect(folders).toContain('button');
    const needed = new Set([...folders].flatMap((folder) => [...recipeKeysOfFolder(folder)]));
    // Before loadConsoleRecipes (nothing in this file calls it): the first load's recipes only.
    const theme = appSystem()._config.theme;
    const boot = new Set([...Object.keys(theme?.recipes ?? {}), ...Object.keys(theme?.slotRecipes ?? {})]);
    expect([...needed].filter((key) => !boot.has(key))).toEqual([]);
  });

  it('shows a spinner while the app loads, except on /login, which shows its prerendered copy (issue 30 item 15)', () => {
    expect(built.status, built.stderr).toBe(0);
    // The loader script marks <html data-prerender> on /login only, which hides the spinner there.
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root.indexOf('data-prerender="pt-BR"')).toBeGreaterThan(0);
    expect(root.indexOf('<div id="boot"')).toBeGreaterThan(root.indexOf('data-prerender="pt-BR"'));
    expect(html).toContain('html[data-prerender] #boot{display:none}');
  });
});
