/**
 * What a deploy restarts (issue 8, item 10). A WhatsApp session lives in a session-host task, so a
 * deploy must replace a shard's task only when that shard's own definition or the host's own code
 * changed: adding a shard leaves the other shards' task definitions byte-identical, and a change to
 * a Lambda handler leaves the image (its asset hash) unchanged.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../lib/build-app';
import { hostImageAssetHash, stageHostImageContext } from '../lib/session-host/host-image-context';
import type { CfnTemplate } from './support/cloud-assembly';
import { appendToMirrorFile, mirrorRepository } from './support/host-mirror';
import { PROD_GUARDS } from './support/prod-context';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function template(sessionShards: number): CfnTemplate {
  const app = new App({
    outdir: tempDir('atende-shards-'),
    context: {
      stage: 'prod',
      ...PROD_GUARDS,
      sessionShards: String(sessionShards),
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:enable-path-metadata': true,
    },
  });
  const stack = buildApp(app);
  return app.synth().getStackByName(stack.stackName).template as CfnTemplate;
}

/** Every resource a shard owns (task definition, roles and policies, service, alarms), by construct path. */
function shardResources(t: CfnTemplate, shard: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries(t.Resources)
      .filter(([, r]) => String(r.Metadata?.['aws:cdk:path'] ?? '').includes(`/SessionHost/Shard${shard}`))
      .map(([id, r]) => [id, JSON.stringify(r)]),
  );
}

describe('adding a session-host shard', () => {
  it("leaves the existing shards' task definitions, roles and services byte-identical", () => {
    const two = template(2);
    const three = template(3);
    for (const shard of [0, 1]) {
      const before = shardResources(two, shard);
      expect(Object.values(before).some((r) => r.includes('AWS::ECS::TaskDefinition'))).toBe(true);
      expect(Object.values(before).some((r) => r.includes('AWS::ECS::Service'))).toBe(true);
      expect(shardResources(three, shard)).toEqual(before);
    }
    expect(Object.keys(shardResources(three, 2)).length).toBeGreaterThan(0);
  }, 180_000);
});

const imageHash = (repoRoot: string) =>
  hostImageAssetHash(
    stageHostImageContext({ repoRoot, outDir: tempDir('atende-host-image-') }).dir,
    Platform.LINUX_ARM64.platform,
  );

describe('the session-host image', () => {
  it("is built from the host's own bundle, the Dockerfile and sharp's pin, nothing else", () => {
    const { dir, inputs } = stageHostImageContext({ outDir: tempDir('atende-host-image-') });
    expect(readdirSync(dir).sort()).toEqual(['Dockerfile', 'main.mjs', 'main.mjs.map', 'package.json']);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).dependencies).toEqual({
      sharp: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
    expect(inputs.filter((f) => f.startsWith('functions/src/handlers/'))).toEqual([]);
    expect(inputs).toContain('session-host/src/main.ts');
  }, 120_000);

  it("keeps its asset hash when a Lambda handler changes, and changes it when the host's code does", () => {
    const mirror = mirrorRepository(tempDir('atende-host-mirror-'));
    const original = imageHash(mirror);

    appendToMirrorFile(
      mirror,
      'functions/src/handlers/auth/index.ts',
      'export const deployMarker = () => "a handler change";',
    );
    expect(imageHash(mirror)).toBe(original);

    appendToMirrorFile(mirror, 'session-host/src/main.ts', 'log.info({ marker: "a host change" }, "host change");');
    expect(imageHash(mirror)).not.toBe(original);
  }, 180_000);
});
