/**
 * What a route costs on first load: the console's entry chunk plus the route's lazy chunk, each with
 * everything it imports statically (the browser fetches those before the route renders). Dynamic
 * imports (other screens, Amplify on the first API call) are not counted. Sizes are gzip level 9,
 * as CloudFront's compression is close to it. Read from the Vite manifest of a `vite build`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkCost {
  file: string;
  gzipBytes: number;
}

/** The source module of the sign-in screen's lazy route (web/src/app/router.tsx). */
export const SIGN_IN_ROUTE_SOURCE = 'src/features/auth/components/login-page.tsx';
/**
 * Issue 7's budget, checked by web/test/first-load.test.ts. The current figure, with its per-chunk
 * table, comes from `npx tsx bench/web-first-load.ts`; what keeps it under (the sign-in form's schema
 * and zod load after the first paint) is in docs/decisions.md "First load and phone polish". Issue 28
 * (≥ 10 KB of headroom, checked by the test too): 201.2 KB before; 193.0 KB once the recipes the sign-in
 * route does not use left the entry chunk (decisions.md "Sign-in first load: recipes"); 187.9 KB once
 * the shell's error and validation texts, the feature namespaces' en/es texts, the sign-in's steps and
 * the toaster left it; 179.5 KB once its small shared chunks were grouped (web/build/first-load-chunks.ts;
 * bench/README.md "Web first load").
 */
export const SIGN_IN_BUDGET_BYTES = 200 * 1024;

/**
 * The signed-in tickets screen (/tickets, what agents load every day): the shell's lazy layout route
 * and the tickets page's chunk, on top of the entry (web/src/app/router.tsx). Its dialogs, drawers and
 * the own-profile modal load when first opened (issue 28).
 */
export const TICKETS_ROUTE_SOURCES = [
  'src/app/layout/app-layout.tsx',
  'src/features/tickets/components/tickets-page.tsx',
] as const;
/**
 * Issue 28's goal is 250 KB; this is the ratchet web/test/first-load.test.ts holds the screen to:
 * 423.1 KB before issue 28's split, 342.6 KB after, 337.3 KB once the en/es texts and the shell's
 * error catalogue left it, 270.0 KB once the shell's popups, the conversation and zod left it,
 * 243.8 KB once its 93 files became 10 (web/build/first-load-chunks.ts; bench/README.md "Web first
 * load"); 5 KB of slack.
 */
export const TICKETS_BUDGET_BYTES = 249 * 1024;
/** At most this many files (JS, CSS, index.html) before the tickets screen renders: 10 today, 93 before. */
export const TICKETS_MAX_FILES = 12;
export const TICKETS_GOAL_BYTES = 250 * 1024;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Files (JS and CSS) fetched before the route renders: entry + its lazy chunks, closed over static imports. */
export function routeFiles(manifest: Manifest, routeSources: string | readonly string[]): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the manifest has no entry chunk');
  const sources = typeof routeSources === 'string' ? [routeSources] : routeSources;
  for (const source of sources) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of its own: is its route lazy?`);
  }
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  sources.forEach(visit);
  return [...files];
}

export function routeCost(
  distDir: string,
  routeSources: string | readonly string[] = SIGN_IN_ROUTE_SOURCE,
): { chunks: ChunkCost[]; totalBytes: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  // A stylesheet web/build/first-paint.ts inlined into index.html is not fetched before the page
  // renders (only a later lazy chunk asks for it): its bytes are counted once, in index.html.
  const files = routeFiles(readManifest(distDir), routeSources).filter(
    (file) => !file.endsWith('.css') || html.includes(`href="/${file}"`),
  );
  files.push('index.html');
  const chunks = files
    .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { chunks, totalBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

export function costTable({ chunks, totalBytes }: { chunks: ChunkCost[]; totalBytes: number }): string {
  const width = Math.max(...chunks.map((chunk) => chunk.file.length), 5);
  const rows = chunks.map((chunk) => `${chunk.file.padEnd(width)}  ${kb(chunk.gzipBytes).padStart(7)} KB`);
  return [...rows, `${'total'.padEnd(width)}  ${kb(totalBytes).padStart(7)} KB`].join('\n');
}
