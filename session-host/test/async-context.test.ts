import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASYNC_CONTEXT_FLAG } from '../src/async-context';

const hostDir = join(import.meta.dirname, '..');
/** The Node the image runs (22.x), pinned as the repository's `node` dev dependency. */
const node22 = join(hostDir, '..', 'node_modules', '.bin', 'node');

/** NODE_OPTIONS of the session host image (the ECS task definitions repeat them: infra HOST_NODE_OPTIONS). */
function imageNodeOptions(): string {
  const dockerfile = readFileSync(join(hostDir, 'Dockerfile'), 'utf8');
  const match = /NODE_OPTIONS=("([^"]*)"|(\S+))/.exec(dockerfile);
  if (!match) throw new Error('the Dockerfile sets no NODE_OPTIONS');
  return match[2] ?? match[3]!;
}

/**
 * What a host does over its life: 600 Baileys sockets (300 connections opened twice) each run a key
 * transaction, then the host goes on with its work. Prints the heap each live promise costs afterwards.
 */
const HOST_LIFE = `
import { addTransactionCapability } from '@whiskeysockets/baileys';
const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child() { return quiet; } };
const keys = { get: async () => ({}), set: async () => {} };
for (let i = 0; i < 600; i++) {
  const store = addTransactionCapability(keys, quiet, { maxCommitRetries: 1, delayBetweenTriesMs: 1 });
  await store.transaction(async () => store.set({ session: { ['a' + i]: null } }), 'k' + i);
}
globalThis.gc();
const before = process.memoryUsage().heapUsed;
const alive = [];
for (let i = 0; i < 5000; i++) alive.push(Promise.resolve(i).then((x) => x));
await Promise.all(alive);
console.log(Math.round((process.memoryUsage().heapUsed - before) / alive.length));
`;

function bytesPerPromise(nodeOptions: string): number {
  const run = spawnSync(node22, ['--expose-gc', '--input-type=module', '-e', HOST_LIFE], {
    cwd: hostDir,
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`node exited ${run.status}: ${run.stderr}`);
  return Number(run.stdout.trim());
}

describe.skipIf(!existsSync(node22))("Baileys sockets and Node 22's AsyncLocalStorage (issue 29 sizing)", () => {
  it('the image runs with async context frames', () => {
    expect(imageNodeOptions().split(/\s+/)).toContain(ASYNC_CONTEXT_FLAG);
  });

  it("with the image's Node options, sockets opened earlier do not make later promises heavier", () => {
    // Without the flag each of the 600 storages is copied onto every promise (≈ 50 KB each, measured).
    expect(bytesPerPromise(imageNodeOptions())).toBeLessThan(2_000);
    expect(bytesPerPromise('--enable-source-maps')).toBeGreaterThan(10_000);
  }, 240_000);
});
