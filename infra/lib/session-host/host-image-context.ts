/**
 * The session host's Docker build context, prepared at synth: the host's own esbuild bundle
 * (`main.mjs` + its map), `session-host/Dockerfile`, and a package.json naming the one native
 * dependency (sharp, pinned from the lockfile). Nothing else: the image asset's hash is the hash of
 * these files, so a change to a Lambda handler (or anything the host does not import) leaves the
 * image, and every running WhatsApp session, alone.
 */
import { buildSync } from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESM_REQUIRE_BANNER } from '../functions/bundling-options';
import { REPO_ROOT, SESSION_HOST_DOCKERFILE } from '../paths';

/**
 * Baileys loads these with a guarded dynamic import (thumbnails, link previews, audio waveforms):
 * they stay outside the bundle; sharp (native) is installed in the image for its platform.
 */
export const HOST_BUNDLE_EXTERNALS = ['sharp', 'jimp', 'link-preview-js', 'audio-decode'];
export const HOST_ENTRY = 'session-host/src/main.ts';

export interface HostImageContext {
  dir: string;
  /** Repository files the bundle was built from (esbuild's metafile inputs, repo-relative). */
  inputs: string[];
}

const staged: string[] = [];
let cleanupRegistered = false;
function removeOnExit(dir: string): void {
  staged.push(dir);
  if (cleanupRegistered) return;
  cleanupRegistered = true;
  process.once('exit', () => {
    for (const d of staged) rmSync(d, { recursive: true, force: true });
  });
}

/** A context with the Dockerfile alone, for synths that skip bundling (nothing is deployed from them). */
export function dockerfileOnlyContext(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atende-session-host-image-'));
  removeOnExit(dir);
  copyFileSync(join(REPO_ROOT, SESSION_HOST_DOCKERFILE), join(dir, 'Dockerfile'));
  return dir;
}

/** Builds the context into `outDir` (a fresh temp dir, removed when the process exits, by default). */
export function stageHostImageContext(options: { repoRoot?: string; outDir?: string } = {}): HostImageContext {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const dir = options.outDir ?? mkdtempSync(join(tmpdir(), 'atende-session-host-image-'));
  if (!options.outDir) removeOnExit(dir);
  mkdirSync(dir, { recursive: true });
  const result = buildSync({
    absWorkingDir: repoRoot,
    entryPoints: [HOST_ENTRY],
    outfile: join(dir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    external: HOST_BUNDLE_EXTERNALS,
    banner: { js: ESM_REQUIRE_BANNER },
    metafile: true,
    logLevel: 'error',
  });
  copyFileSync(join(repoRoot, SESSION_HOST_DOCKERFILE), join(dir, 'Dockerfile'));
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const sharp = lock.packages['node_modules/sharp']?.version;
  if (!sharp)
    throw new Error('sharp is not in package-lock.json (Baileys needs it for thumbnails in the session-host image)');
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify(
      {
        name: 'atende-session-host-image',
        private: true,
        type: 'module',
        dependencies: { sharp },
      },
      null,
      2,
    )}\n`,
  );
  return { dir, inputs: Object.keys(result.metafile.inputs) };
}
