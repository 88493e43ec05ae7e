/**
 * The session host's Docker build context, prepared at synth: the host's own esbuild bundle
 * (`main.mjs` + its map), `session-host/Dockerfile`, and a package.json naming the one native
 * dependency (sharp, pinned from the lockfile). Nothing else, and the image's asset hash
 * (`hostImageAssetHash`) is a function of what the image runs only: the bundle, the Dockerfile, that
 * package.json and the platform, never the source map. So a change to a Lambda handler, a new HTTP
 * route, a comment in a module the host imports or another checkout path leaves the image, and every
 * running WhatsApp session, alone (infra/test/session-host-image-hash.test.ts).
 */
import { createHash } from 'node:crypto';
import { AssetHashType } from 'aws-cdk-lib';
import type { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import type { AssetImageProps } from 'aws-cdk-lib/aws-ecs';
import { buildSync } from 'esbuild';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ESM_REQUIRE_BANNER } from '../functions/bundling-options';
import { REPO_ROOT, SESSION_HOST_DOCKERFILE } from '../paths';

/**
 * Baileys loads these with a guarded dynamic import (thumbnails, link previews, audio waveforms):
 * they stay outside the bundle; sharp (native) is installed in the image for its platform.
 */
export const HOST_BUNDLE_EXTERNALS = ['sharp', 'jimp', 'link-preview-js', 'audio-decode'];
export const HOST_ENTRY = 'session-host/src/main.ts';

const SOURCE_MAP_FILE = 'main.mjs.map';

export interface HostImageContext {
  dir: string;
  /** Repository files the bundle was built from (esbuild's metafile inputs, repo-relative). */
  inputs: string[];
}

/** Staged contexts live under this prefix plus their content hash, one folder per content. */
export const HOST_IMAGE_DIR_PREFIX = 'atende-session-host-image-';
const STAGING_PREFIX = 'atende-session-host-staging-';

/**
 * Moves a freshly staged context to the one folder kept for its content (`<prefix><hash>` in the OS
 * temp dir), or drops it when that folder exists already. Every synth used to leave a new temp
 * folder behind (an exit hook does not run when a test worker is terminated); now a synth leaves
 * nothing new unless the host's code changed. The folder is kept, not removed after the synth,
 * because the cloud assembly may point at it (asset staging disabled).
 */
function keepOnePerContent(fresh: string): string {
  const kept = join(tmpdir(), `${HOST_IMAGE_DIR_PREFIX}${hostImageAssetHash(fresh, 'context').slice(0, 32)}`);
  if (existsSync(kept)) {
    rmSync(fresh, { recursive: true, force: true });
    return kept;
  }
  try {
    renameSync(fresh, kept);
  } catch (err) {
    // Another process kept the same content a moment earlier.
    rmSync(fresh, { recursive: true, force: true });
    if (!existsSync(kept)) throw err;
  }
  return kept;
}

/** A context with the Dockerfile alone, for synths that skip bundling (nothing is deployed from them). */
export function dockerfileOnlyContext(): string {
  const dir = mkdtempSync(join(tmpdir(), STAGING_PREFIX));
  copyFileSync(join(REPO_ROOT, SESSION_HOST_DOCKERFILE), join(dir, 'Dockerfile'));
  return keepOnePerContent(dir);
}

/** Builds the context into `outDir`, by default into the temp folder kept for its content (`keepOnePerContent`). */
export function stageHostImageContext(options: { repoRoot?: string; outDir?: string } = {}): HostImageContext {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const dir = options.outDir ?? mkdtempSync(join(tmpdir(), STAGING_PREFIX));
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
  writeRepoRelativeSources(join(dir, SOURCE_MAP_FILE), dir, repoRoot);
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
  const inputs = Object.keys(result.metafile.inputs);
  return { dir: options.outDir ? dir : keepOnePerContent(dir), inputs };
}

/**
 * esbuild names each source relative to the output folder (a temp folder, so the checkout's absolute
 * path leaks in): rewrite them relative to the repository root (`session-host/src/main.ts`,
 * `node_modules/<package>/…`), so stack traces in the task read `/app/session-host/src/…` from any
 * checkout.
 */
function writeRepoRelativeSources(mapFile: string, outDir: string, repoRoot: string): void {
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  map.sources = map.sources.map((source) => {
    const path = relative(repoRoot, resolve(outDir, source)).replaceAll('\\', '/');
    const modules = path.lastIndexOf('node_modules/');
    return modules >= 0 ? path.slice(modules) : path;
  });
  writeFileSync(mapFile, JSON.stringify(map));
}

/**
 * The image's asset hash (AssetHashType.CUSTOM): every file of the context but the source map, by
 * name and content, and the platform. The map is left out because its line mappings move with every
 * comment in a module the bundle includes while the code the image runs stays byte-identical; an
 * image kept for such a change keeps the map of the revision it was built from, which matches its code.
 * CDK does not add the platform to a custom hash by itself, so it is part of the input here.
 */
export function hostImageAssetHash(dir: string, platform: string): string {
  const hash = createHash('sha256').update(`platform:${platform}\n`);
  for (const file of readdirSync(dir).sort()) {
    if (file.endsWith('.map')) continue;
    const content = createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex');
    hash.update(`${file}:${content}\n`);
  }
  return hash.digest('hex');
}

/**
 * The image asset's options: its platform and the custom hash above. CDK's DockerImageAsset passes
 * its options on to AssetStaging, which honours `assetHash`, but its declared options type does not
 * list it, hence the spread; infra/test/session-host-image-hash.test.ts builds a real
 * DockerImageAsset to prove CDK still uses it (a CDK upgrade that dropped it fails there).
 */
export function hostImageAssetOptions(dir: string, platform: Platform): AssetImageProps {
  const customHash = { assetHashType: AssetHashType.CUSTOM, assetHash: hostImageAssetHash(dir, platform.platform) };
  return { platform, ...customHash };
}
