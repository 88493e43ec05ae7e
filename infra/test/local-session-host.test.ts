import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '../local/data-dir';
import { createSessionHost, type SessionHostProcesses } from '../local/session-host-process';

/** A stand-in session host: /health, /env (what it was started with) and /crash. */
const dir = mkdtempSync(join(tmpdir(), 'atende-fake-host-'));
const entry = join(dir, 'main.mjs');
writeFileSync(
  entry,
  `
import { createServer } from 'node:http';
createServer((req, res) => {
  if (req.url === '/crash') { res.end(); setTimeout(() => process.exit(3), 10); return; }
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(req.url === '/env' ? { pid: process.pid, SHARD: process.env.SHARD, ADAPTER: process.env.ADAPTER, SIMULATOR_PORT: process.env.SIMULATOR_PORT, TABLE_NAME: process.env.TABLE_NAME, HOST_ID: process.env.HOST_ID, SESSION_FLEET: process.env.SESSION_FLEET } : { ok: true }));
}).listen(Number(process.env.HEALTH_PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
`,
);

let host: SessionHostProcesses | undefined;
afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const envOf = async (h: SessionHostProcesses) =>
  (await fetch(`http://127.0.0.1:${h.healthPort(0)}/env`)).json() as Promise<Record<string, string | number>>;

/** Polls until `probe` answers something truthy (a condition, not a fixed sleep). */
async function poll<T>(probe: () => T | Promise<T>, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('session host child process', () => {
  it('starts each shard with its env, restarts it after a crash, and stays down after stop()', async () => {
    host = await createSessionHost({ shards: 1, env: { TABLE_NAME: 'atende' }, entry, adapter: 'simulator' });
    await host.start();
    await host.waitHealthy(20_000);
    const first = await envOf(host);

    expect(first).toMatchObject({
      SHARD: '0',
      ADAPTER: 'simulator',
      SIMULATOR_PORT: String(host.simulatorPort(0)),
      TABLE_NAME: 'atende',
    });

    await fetch(`http://127.0.0.1:${host.healthPort(0)}/crash`);
    const running = host;
    const restarted = await poll(async () => {
      const env = await envOf(running).catch(() => undefined);
      return env && env.pid !== first.pid ? env : undefined;
    }, 'a restarted shard with a new pid');
    expect(restarted.pid).not.toBe(first.pid);

    await host.stop();
    await poll(() => !isProcessAlive(Number(restarted.pid)), 'the stopped shard to exit');
    expect(host.pid(0)).toBeUndefined();

    await host.start();
    await host.waitHealthy(20_000);
    expect((await envOf(host)).pid).not.toBe(restarted.pid);
  });

  it('names each fleet host process anew, and reports by its name one that died, even when stopped right after', async () => {
    const exits: { index: number; hostId: string | undefined }[] = [];
    host = await createSessionHost({
      shards: 1,
      fleet: true,
      env: { TABLE_NAME: 'atende' },
      entry,
      adapter: 'simulator',
      onUnexpectedExit: async (index, hostId) => void exits.push({ index, hostId }),
    });
    await host.start();
    await host.waitHealthy(20_000);
    const first = await envOf(host);

    await fetch(`http://127.0.0.1:${host.healthPort(0)}/crash`);
    const running = host;
    const restarted = await poll(async () => {
      const env = await envOf(running).catch(() => undefined);
      return env && env.pid !== first.pid ? env : undefined;
    }, 'a restarted host with a new pid');
    expect(host.hostId(0)).toBe(restarted.HOST_ID);
    // Killed from outside and stopped right after (kept down): still reported.
    process.kill(Number(restarted.pid), 'SIGKILL');
    await host.stop();
    await poll(() => exits.length === 2, 'the killed host reported');
    // Stopped on request: not reported.
    await host.start();
    await host.waitHealthy(20_000);
    await host.stop();

    expect(first).toMatchObject({ SHARD: '0', SESSION_FLEET: 'true' });
    expect(first.HOST_ID).toMatch(/^local-0-[0-9a-f]{12}$/);
    expect(restarted.HOST_ID).not.toBe(first.HOST_ID);
    expect(exits).toEqual([
      { index: 0, hostId: first.HOST_ID },
      { index: 0, hostId: restarted.HOST_ID },
    ]);
  });

  it('starts nothing, without failing, while the entry file does not exist', async () => {
    const missing = await createSessionHost({ shards: 1, env: {}, entry: join(dir, 'absent.ts') });
    await missing.start();
    expect([missing.available, missing.pid(0)]).toEqual([false, undefined]);
  });
});
