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
  SIGN_IN_ROUTE_SOURCE,
  TICKETS_BUDGET_BYTES,
  TICKETS_MAX_FILES,
  TICKETS_ROUTE_SOURCES,
} from '../../bench/support/web-first-load';
import { appSystem } from '@/app/theme';
import authEn from '@/features/auth/locales/en.json';
import authPtBR from '@/features/auth/locales/pt-BR.json';
import ticketsEn from '@/features/tickets/locales/en.json';
import ticketsPtBR from '@/features/tickets/locales/pt-BR.json';
import shellPtBR from '@/locales/pt-BR.json';
import workspaceEn from '@/locales/workspace/en.json';
import { chakraComponentFolder, recipeKeysOfFolder } from './support/chakra-recipe-keys';

const web = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'atende-web-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The code of every chunk a route runs before it renders. */
const codeBeforeRender = (routeSources: string | readonly string[]): string =>
  routeFiles(readManifest(outDir), routeSources)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(outDir, file), 'utf8'))
    .join('\n');

/** The ASCII-only texts of a locale file (a bundle may escape the others), longer than a word or two. */
const longTexts = (bundle: unknown): string[] =>
  typeof bundle === 'string'
    ? /^[\x20-\x7e]{25,}$/.test(bundle) && !bundle.includes('{{')
      ? [bundle]
      : []
    : Object.values(bundle as Record<string, unknown>).flatMap(longTexts);

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
    // Issue 28: the sign-in's steps and the toaster load after the first paint; so do the shell's error
    // catalogue and validation texts, and the other languages' texts of the sign-in page.
    expect(
      sourcesBeforeRender(SIGN_IN_ROUTE_SOURCE).filter((source) => /sign-in-flow|@zag-js\/toast|lib\/toaster/.test(source)),
    ).toEqual([]);
    const code = codeBeforeRender(SIGN_IN_ROUTE_SOURCE);
    // (A text the page's own pt-BR texts hold too, e.g. ERR_TOO_MANY_ATTEMPTS's, does not count.)
    const late = [...longTexts(shellPtBR.errors), ...longTexts(shellPtBR.validation), ...longTexts(authEn)].filter(
      (text) => !longTexts(authPtBR).includes(text),
    );
    expect(late.length).toBeGreaterThan(10);
    expect(late.filter((text) => code.includes(text))).toEqual([]);
    expect(code).toContain(longTexts(authPtBR)[0]);
    expect(cost.totalBytes, costTable(cost)).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
    // Issue 28: at least 10 KB of headroom, for what the sign-in page gains next.
    expect(SIGN_IN_BUDGET_BYTES - cost.totalBytes, costTable(cost)).toBeGreaterThanOrEqual(10 * 1024);
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
    // Issue 28, round 15: the top bar's popovers and account menu, the collapsed menu's tooltips and the
    // phone's menu drawer (their state machines; the recipes' anatomies stay in the entry) load after the
    // first paint (app/layout/deferred.tsx), the conversation when a ticket is opened, and zod with
    // whatever parses (web/build/shared-schemas.ts).
    expect(
      sources.filter((source) =>
        /-popover\.tsx|top-bar-menu|account-menu|menu-tooltip|mobile-menu-drawer|conversation\/ticket-view|message-input|[/]zod[/]|@zag-js[/](menu|popover|tooltip|dialog)[/]dist[/][\w.]+\.machine/.test(
          source,
        ),
      ),
    ).toEqual([]);
    // The screen's texts in en and es are fetched when chosen (lib/i18n.ts registerNamespace; issue 28).
    const code = codeBeforeRender(TICKETS_ROUTE_SOURCES);
    // (The workspace's rule messages are registered in every language: lib/workspace-messages.ts.)
    const workspace = longTexts(workspaceEn);
    expect(longTexts(ticketsEn).filter((text) => code.includes(text) && !workspace.includes(text))).toEqual([]);
    expect(code).toContain(longTexts(ticketsPtBR)[0]);
    expect(cost.totalBytes, costTable(cost)).toBeLessThanOrEqual(TICKETS_BUDGET_BYTES);
    // Issue 28, round 16: the code it shares with other screens comes in a few grouped chunks, not one
    // small file per set of screens (web/build/first-load-chunks.ts); the shell's and the page's
    // groups are there, and the sign-in page fetches neither.
    expect(cost.chunks.length, costTable(cost)).toBeLessThanOrEqual(TICKETS_MAX_FILES);
    const names = cost.chunks.map((chunk) => chunk.file);
    expect(names.filter((file) => /assets\/(boot|sign-in-shared|workspace|tickets-screen)-/.test(file))).toHaveLength(4);
    expect(routeCost(outDir).chunks.filter((chunk) => /assets\/(workspace|tickets-screen)-/.test(chunk.file))).toEqual([]);
  });

  it("the sign-in route's Chakra components have their recipes in the first load's theme (theme.ts, not console-recipes.ts)", () => {
    expect(built.status, built.stderr).toBe(0);
    const sources = sourcesBeforeRender(SIGN_IN_ROUTE_SOURCE);
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
