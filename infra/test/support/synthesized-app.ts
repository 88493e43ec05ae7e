/**
 * One `npx cdk synth` of the whole app (offline, no Docker, two session-host shards) shared by the
 * stack checks of infra/test/stack/*: the entry test file calls `synthesizeOnce()` first, and each
 * group of checks reads the result through `useSynthesizedApp(app)` in its own beforeAll, so the
 * minute-long synthesis runs once however the checks are grouped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, expect } from 'vitest';
import { AREAS, type Area } from '@atende/functions/manifest';
import { functionsByArea, refsOf, synthWithCli, type CloudAssembly } from './cloud-assembly';

export const SHARDS = 2;
export const EMAIL_FROM = 'nao-responda@atende.example';
export const areas = Object.keys(AREAS) as Area[];

export interface SynthesizedApp {
  assembly: CloudAssembly;
  template: Template;
  fnIds: Map<string, string>;
}

/** Synthesizes in beforeAll (removed in afterAll); the returned object is filled once it ran. */
export function synthesizeOnce(): SynthesizedApp {
  const app = {} as SynthesizedApp;
  const outDir = mkdtempSync(join(tmpdir(), 'atende-cdk-synth-'));
  beforeAll(() => {
    app.assembly = synthWithCli(outDir, { stage: 'dev', sessionShards: String(SHARDS), emailFrom: EMAIL_FROM });
    app.template = Template.fromJSON(app.assembly.main);
    app.fnIds = functionsByArea(app.assembly.main);
  }, 300_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));
  return app;
}

/** Lookups over the synthesized main stack by manifest area. */
export function stackLookups(app: SynthesizedApp) {
  const fnId = (area: string) => app.fnIds.get(area) ?? expect.fail(`no function for area ${area}`);
  const fnProps = (area: string) => app.assembly.main.Resources[fnId(area)]!.Properties!;
  return {
    fnId,
    fnProps,
    roleOf: (area: string) => [...refsOf(fnProps(area).Role)][0]!,
    refersTo: (value: unknown, id: string) => refsOf(value).has(id),
  };
}
