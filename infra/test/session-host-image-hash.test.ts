/**
 * The session-host image changes only when the host's code does (issue 28 §4): its asset hash stays
 * put for a new HTTP route, a comment in a functions/src/data module the host imports and another
 * checkout path, and moves for a change to the host's own code. Bundled with esbuild directly (the
 * same staging and hash the construct uses), no synth.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { DockerImageAsset, Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { afterAll, describe, expect, it } from 'vitest';
import { hostImageAssetHash, hostImageAssetOptions, stageHostImageContext } from '../lib/session-host/host-image-context';
import { appendToMirrorFile, editMirrorFile, mirrorRepository } from './support/host-mirror';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ARM = Platform.LINUX_ARM64.platform;

function stage(repoRoot: string) {
  const { dir } = stageHostImageContext({ repoRoot, outDir: tempDir('atende-host-image-') });
  return {
    dir,
    hash: hostImageAssetHash(dir, ARM),
    bundle: readFileSync(join(dir, 'main.mjs'), 'utf8'),
    map: readFileSync(join(dir, 'main.mjs.map'), 'utf8'),
  };
}

describe('the session-host image hash', () => {
  it('is the same from two checkouts at different paths, with no checkout or temp path inside', () => {
    const first = mirrorRepository(tempDir('atende-checkout-a-'));
    const second = mirrorRepository(tempDir('atende-checkout-b-'));
    const a = stage(first);
    const b = stage(second);
    expect(b.hash).toBe(a.hash);
    for (const staged of [a, b]) {
      const files: [string, string][] = [
        ['main.mjs', staged.bundle],
        ['main.mjs.map', staged.map],
      ];
      for (const [file, text] of files) {
        const paths = [first, second, staged.dir].filter((path) => text.includes(path));
        expect(paths, `absolute paths in ${file}`).toEqual([]);
      }
    }
    const sources = (JSON.parse(a.map) as { sources: string[] }).sources;
    expect(sources).toContain('session-host/src/main.ts');
    expect(sources.filter((s) => s.startsWith('..') || s.startsWith('/'))).toEqual([]);
  }, 120_000);

  it('ignores a new HTTP route and a comment in a data module the host imports, and follows host code', () => {
    const root = mirrorRepository(tempDir('atende-checkout-'));
    const original = stage(root);

    editMirrorFile(
      root,
      'functions/src/manifest.ts',
      'export const HTTP_ROUTES = [\n',
      "export const HTTP_ROUTES = [\n  r('GET', '/image-hash-probe', 'auth', 'user'),\n",
    );
    const withRoute = stage(root);
    expect(withRoute.bundle.includes('/image-hash-probe'), 'the route table is in the bundle').toBe(false);
    expect(withRoute.hash).toBe(original.hash);

    editMirrorFile(
      root,
      'functions/src/data/keys.ts',
      'export const tenantPk =',
      '// A comment that moves every line below it,\n// and so the source map of the bundle.\nexport const tenantPk =',
    );
    const withComment = stage(root);
    // The comment did reach the bundle's inputs (its mappings moved); the image did not change.
    expect(withComment.map === original.map).toBe(false);
    expect(withComment.hash).toBe(original.hash);

    appendToMirrorFile(root, 'session-host/src/main.ts', 'log.info({ marker: "a host change" }, "host change");');
    expect(stage(root).hash).not.toBe(original.hash);
  }, 180_000);
});

describe("CDK's image asset", () => {
  /** A context like the staged one, small: what CDK hashes is the files' content, not their size. */
  function fakeContext(files: { code: string; map: string; dockerfile?: string }): string {
    const dir = tempDir('atende-fake-image-');
    writeFileSync(join(dir, 'Dockerfile'), files.dockerfile ?? 'FROM node:22-slim\nCOPY main.mjs main.mjs.map ./\n');
    writeFileSync(join(dir, 'package.json'), '{"dependencies":{"sharp":"0.34.0"}}\n');
    writeFileSync(join(dir, 'main.mjs'), files.code);
    writeFileSync(join(dir, 'main.mjs.map'), files.map);
    return dir;
  }
  const assetHash = (dir: string, platform = Platform.LINUX_ARM64) =>
    new DockerImageAsset(new Stack(new App()), 'Image', { directory: dir, ...hostImageAssetOptions(dir, platform) })
      .assetHash;

  it('uses the custom hash: the map does not move it; the code, the Dockerfile and the platform do', () => {
    const base = assetHash(fakeContext({ code: 'run();', map: '{"mappings":"AAAA"}' }));
    expect(assetHash(fakeContext({ code: 'run();', map: '{"mappings":";AAAA"}' }))).toBe(base);
    expect(assetHash(fakeContext({ code: 'run(1);', map: '{"mappings":"AAAA"}' }))).not.toBe(base);
    const dockerfile = 'FROM node:24-slim\nCOPY main.mjs main.mjs.map ./\n';
    expect(assetHash(fakeContext({ code: 'run();', map: '{"mappings":"AAAA"}', dockerfile }))).not.toBe(base);
    const amd = assetHash(fakeContext({ code: 'run();', map: '{"mappings":"AAAA"}' }), Platform.LINUX_AMD64);
    expect(amd).not.toBe(base);
  });
});
