// @vitest-environment node
import type { OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { firstLoadChunks, firstLoadGroups } from '../../build/first-load-chunks';

const SRC = '/repo/web/src';
const ENTRY = `${SRC}/main.tsx`;
const LOGIN = `${SRC}/features/auth/components/login-page.tsx`;
const LAYOUT = `${SRC}/app/layout/app-layout.tsx`;
const TICKETS = `${SRC}/features/tickets/components/tickets-page.tsx`;

/** A chunk of the first pass, as rolldown describes it (only what the grouping reads). */
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], facade?: string, isEntry = false) =>
  ({ type: 'chunk', fileName, moduleIds, imports, facadeModuleId: facade ?? null, isEntry }) as unknown as OutputChunk;

/** The bundler's own split of a small console: the entry, three routes, and the chunks they share. */
const firstPass = (): OutputChunk[] => [
  chunk('index.js', [`${SRC}/lib/i18n.ts`, ENTRY], ['boot-part.js'], `${ENTRY}`, true),
  chunk('boot-part.js', ['/nm/@chakra-ui/react/dist/esm/components/box/box.js']),
  chunk(
    'login-page.js',
    [LOGIN, `${SRC}/features/auth/components/login-form.tsx`],
    ['index.js', 'input.js', 'field.js'],
    LOGIN,
  ),
  chunk('app-layout.js', [LAYOUT, `${SRC}/app/layout/top-bar.tsx`], ['index.js', 'input.js', 'toaster.js'], LAYOUT),
  chunk('tickets-page.js', [TICKETS], ['index.js', 'input.js', 'toaster.js', 'tabs.js'], TICKETS),
  // Sign-in and the signed-in shell both need it.
  chunk('input.js', ['/nm/@chakra-ui/react/dist/esm/components/input/input.js'], ['index.js']),
  // Sign-in and another public page only.
  chunk('field.js', ['/nm/@chakra-ui/react/dist/esm/components/field/field.js']),
  // The shell and the tickets page (and the users screen).
  chunk('toaster.js', [`${SRC}/lib/toaster.ts`, '/nm/@zag-js/toast/dist/toast.store.mjs']),
  // The tickets page and the dashboard.
  chunk('tabs.js', ['/nm/@zag-js/tabs/dist/tabs.machine.mjs']),
  // Loaded on a click only (the tickets page imports it dynamically).
  chunk('new-ticket-dialog.js', [`${SRC}/features/tickets/components/dialogs/new-ticket-dialog.tsx`], ['input.js']),
  chunk('zod.js', ['/nm/zod/v4/core/core.js']),
];

describe("the first loads' chunk groups (web/build/first-load-chunks.ts)", () => {
  it("puts each module of a route's imported chunks in the group of the routes that fetch it", () => {
    const groups = firstLoadGroups(firstPass());
    expect(Object.fromEntries(groups)).toEqual({
      [`${SRC}/lib/i18n.ts`]: 'boot',
      '/nm/@chakra-ui/react/dist/esm/components/box/box.js': 'boot',
      '/nm/@chakra-ui/react/dist/esm/components/input/input.js': 'sign-in-shared',
      [`${SRC}/lib/toaster.ts`]: 'workspace',
      '/nm/@zag-js/toast/dist/toast.store.mjs': 'workspace',
      '/nm/@zag-js/tabs/dist/tabs.machine.mjs': 'tickets-screen',
    });
  });

  it("leaves the entry's module, the routes' own modules and what no first load fetches where the bundler puts them", () => {
    const groups = firstLoadGroups(firstPass());
    for (const id of [
      ENTRY,
      LOGIN,
      `${SRC}/features/auth/components/login-form.tsx`,
      LAYOUT,
      TICKETS,
      '/nm/@chakra-ui/react/dist/esm/components/field/field.js',
      `${SRC}/features/tickets/components/dialogs/new-ticket-dialog.tsx`,
      '/nm/zod/v4/core/core.js',
    ]) {
      expect(groups.get(id), id).toBeUndefined();
    }
  });

  it('fails the build when a route is no longer a chunk of its own', () => {
    const withoutTickets = firstPass().filter((c) => c.fileName !== 'tickets-page.js');
    expect(() => firstLoadGroups(withoutTickets)).toThrow(/has no chunk/);
  });

  it('declares the groups after a vendor group and in order, each placing only its own modules', () => {
    const { codeSplittingGroups } = firstLoadChunks(() => ({}));
    expect(codeSplittingGroups.map((group) => [group.name, group.priority])).toEqual([
      ['boot', 4],
      ['sign-in-shared', 3],
      ['workspace', 2],
      ['tickets-screen', 1],
    ]);
    // A module's imports stay where the first pass put them (else zod came back through a shared module).
    expect(codeSplittingGroups.every((group) => group.includeDependenciesRecursively === false)).toBe(true);
    // Before the first pass has run, no group claims a module.
    expect(codeSplittingGroups.some((group) => group.test(TICKETS))).toBe(false);
  });
});
