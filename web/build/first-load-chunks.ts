/**
 * Fewer, larger chunks on the first loads users pay every day (issue 28): the sign-in page and the
 * signed-in tickets screen.
 *
 * Left to itself, the bundler makes one chunk per set of screens that share a module: the tickets
 * screen fetched 93 files, most under 1 KB, each gzipped on its own (CloudFront compresses per file),
 * and the same code in a few files compresses ~20 KB better. Which modules a route needs before it
 * renders is only known precisely after the bundler's own split (it follows each imported name through
 * Chakra's and Ark's index modules; a module's import list does not). So the build runs twice:
 *  1. the bundler's own split, not written: for the entry, the sign-in page, the signed-in layout (every
 *     signed-in screen renders inside it) and the tickets page, the chunks each fetches before it runs;
 *  2. the real build, which groups the modules of those chunks (each route's own chunk stays as it is):
 *     - `boot`: what the entry fetches (every page fetches it);
 *     - `sign-in-shared`: what the sign-in page and the signed-in layout or tickets page both fetch;
 *     - `workspace`: the rest of what the signed-in layout fetches (every signed-in screen fetches it);
 *     - `tickets-screen`: the rest of what the tickets page fetches. Another screen that needs one of
 *       these modules (a Chakra part, a ticket hook) fetches the whole chunk: a few KB more than it
 *       needs, and nothing when it is opened after the tickets screen, as it usually is.
 * Anything else (the other screens, the dialogs, what loads after the first paint) is split as before.
 */
import type { OutputChunk } from 'rolldown';
import { build, type InlineConfig, type Plugin } from 'vite';

/** The route modules (app/router.tsx loads each lazily; src/main.tsx is the entry's). */
export const FIRST_LOAD_ROUTES = {
  signIn: /[\\/]src[\\/]features[\\/]auth[\\/]components[\\/]login-page\.tsx$/,
  layout: /[\\/]src[\\/]app[\\/]layout[\\/]app-layout\.tsx$/,
  tickets: /[\\/]src[\\/]features[\\/]tickets[\\/]components[\\/]tickets-page\.tsx$/,
} as const;

/** The entry's own module (index.html loads it): it stays in the entry chunk, the page's script. */
const ENTRY_MODULE = /[\\/]src[\\/]main\.tsx$/;

export const FIRST_LOAD_GROUPS = ['boot', 'sign-in-shared', 'workspace', 'tickets-screen'] as const;
export type FirstLoadGroup = (typeof FIRST_LOAD_GROUPS)[number];

/** The chunk names `from` imports statically, directly or not, itself included. */
function chunkClosure(byName: Map<string, OutputChunk>, from: OutputChunk): Set<string> {
  const seen = new Set<string>();
  const pending = [from.fileName];
  while (pending.length) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...(byName.get(name)?.imports ?? []));
  }
  return seen;
}

/**
 * Each module's group, from the first pass's chunks. The route chunks' own modules have none (they stay
 * in their route's chunk), except the entry chunk's, which go to `boot` with what the entry imports
 * (src/main.tsx itself stays: index.html's script is its chunk).
 */
export function firstLoadGroups(chunks: readonly OutputChunk[]): Map<string, FirstLoadGroup> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const route = (module: RegExp) => chunks.find((chunk) => chunk.facadeModuleId && module.test(chunk.facadeModuleId));
  const signIn = route(FIRST_LOAD_ROUTES.signIn);
  const layout = route(FIRST_LOAD_ROUTES.layout);
  const tickets = route(FIRST_LOAD_ROUTES.tickets);
  if (!entry || !signIn || !layout || !tickets) {
    throw new Error('first-load chunks: the entry, the sign-in page, the layout or the tickets page has no chunk');
  }
  const [fromEntry, fromSignIn, fromLayout, fromTickets] = [entry, signIn, layout, tickets].map((chunk) =>
    chunkClosure(byName, chunk),
  ) as [Set<string>, Set<string>, Set<string>, Set<string>];
  const ownChunks = new Set([signIn.fileName, layout.fileName, tickets.fileName]);
  const groupOf = (name: string): FirstLoadGroup | undefined => {
    if (ownChunks.has(name)) return undefined;
    if (fromEntry.has(name)) return 'boot';
    const signedIn = fromLayout.has(name) || fromTickets.has(name);
    if (fromSignIn.has(name) && signedIn) return 'sign-in-shared';
    if (fromLayout.has(name)) return 'workspace';
    return fromTickets.has(name) ? 'tickets-screen' : undefined;
  };
  const groups = new Map<string, FirstLoadGroup>();
  for (const chunk of chunks) {
    const group = groupOf(chunk.fileName);
    if (!group) continue;
    for (const id of chunk.moduleIds) if (!ENTRY_MODULE.test(id) && id !== entry.facadeModuleId) groups.set(id, group);
  }
  return groups;
}

/**
 * The plugin that runs the first pass (production builds only; `firstPass` is the console's config
 * without this regrouping), and the `codeSplitting.groups` entries that read its answer, at priorities
 * 4 to 1: a group above them (e.g. a vendor group at 10) keeps its modules.
 */
export function firstLoadChunks(firstPass: () => InlineConfig) {
  let groups: Map<string, FirstLoadGroup> | undefined;
  const plugin: Plugin = {
    name: 'atende:first-load-chunks',
    apply: 'build',
    async buildStart() {
      const config = firstPass();
      // Not written: nothing lands in (or is emptied from) an output folder.
      const result = await build({
        ...config,
        configFile: false,
        logLevel: 'silent',
        build: { ...config.build, write: false, manifest: false, sourcemap: false },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as { output?: unknown[] }[];
      const chunks = outputs
        .flatMap((out) => out.output ?? [])
        .filter((item): item is OutputChunk => (item as OutputChunk).type === 'chunk');
      groups = firstLoadGroups(chunks);
    },
  };
  const codeSplittingGroups = FIRST_LOAD_GROUPS.map((group, index) => ({
    name: group,
    test: (id: string) => groups?.get(id) === group,
    priority: FIRST_LOAD_GROUPS.length - index,
    // Its imports as modules would bring what the bundler had shaken out of the route (zod, through a
    // shared module of which the console uses a constant): each module goes where the first pass put it.
    includeDependenciesRecursively: false,
  }));
  return { plugin, codeSplittingGroups };
}
