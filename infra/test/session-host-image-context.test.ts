/**
 * Staging the session-host image's build context leaves one temp folder per content, not one per
 * synth (59 `atende-session-host-image-*` folders piled up in /tmp over one round of tests).
 */
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dockerfileOnlyContext, HOST_IMAGE_DIR_PREFIX, stageHostImageContext } from '../lib/session-host/host-image-context';

const stagingLeft = () => readdirSync(tmpdir()).filter((name) => name.startsWith('atende-session-host-staging-'));

describe('the session-host image context', () => {
  it('reuses one folder for the same Dockerfile-only context', () => {
    const first = dockerfileOnlyContext();
    const second = dockerfileOnlyContext();
    expect(second).toBe(first);
    expect(first.startsWith(join(tmpdir(), HOST_IMAGE_DIR_PREFIX))).toBe(true);
    expect(existsSync(join(first, 'Dockerfile'))).toBe(true);
  });

  it('reuses one folder for the same bundle and leaves no staging folder behind', () => {
    const before = stagingLeft();
    const first = stageHostImageContext();
    const second = stageHostImageContext();
    expect(second.dir).toBe(first.dir);
    expect(second.inputs).toContain('session-host/src/main.ts');
    expect(readdirSync(first.dir).sort()).toEqual(['Dockerfile', 'main.mjs', 'main.mjs.map', 'package.json']);
    expect(stagingLeft()).toEqual(before);
  }, 120_000);
});
