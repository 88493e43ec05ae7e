/**
 * `npm start` stops within a few seconds on Ctrl-C with the console open in a browser (issue 30,
 * item 23): the gateway's stop used to wait for Vite's HMR socket until the runner gave up after
 * 20 s ("still stopping after 20 s: exiting"). Linux only (/proc).
 */
import { Agent, get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { commandLine, descendants, isRunning } from './support/process-tree';
import { poll, startRunner, type Runner } from './support/npm-start-runner';

/**
 * A graceful stop: the session host's last long poll (≤ 5 s), then the gateway, Vite and the emulators
 * (3-5 s measured; the margin is for a loaded two-core machine, still half the runner's 20 s bound).
 */
const STOP_WITHIN_MS = 10_000;

let runner: Runner | undefined;
afterEach(() => {
  runner?.cleanup();
  runner = undefined;
});

describe.runIf(process.platform === 'linux')('npm start under Ctrl-C', () => {
  it(`stops every process within ${STOP_WITHIN_MS / 1000} s with a console tab open`, async () => {
    runner = await startRunner({ LOCAL_WEB: 'vite' });
    const pids = descendants(runner.child.pid!);
    const commands = pids.map(commandLine);
    expect(commands.filter((c) => c.startsWith('java ') && c.includes('DynamoDBLocal.jar'))).toHaveLength(1);
    expect(commands.filter((c) => c.includes('session-host/src/main.ts'))).toHaveLength(1);

    // What an open tab holds: Vite's HMR socket and the page load's keep-alive connection.
    const hmr = new WebSocket(`${runner.url.replace(/^http/, 'ws')}/`, 'vite-hmr');
    await new Promise<void>((resolve, reject) => {
      hmr.once('open', () => resolve());
      hmr.once('error', reject);
    });
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) =>
      get(`${runner!.url}/`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
    );

    const signalledAt = Date.now();
    process.kill(-runner.child.pid!, 'SIGINT'); // a terminal's Ctrl-C reaches the whole foreground group
    await poll('every process of the runner to end', () => pids.every((pid) => !isRunning(pid)), 25_000);
    const tookMs = Date.now() - signalledAt;
    agent.destroy();
    expect(tookMs).toBeLessThan(STOP_WITHIN_MS);
  }, 300_000);
});
