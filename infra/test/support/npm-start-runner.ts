/**
 * `npm start` as a terminal or a harness runs it, for the local runner's stop tests: in a process
 * group of its own, on a fresh data folder and a free port, up to its banner.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/paths';

export interface Runner {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** The console's origin from the banner. */
  url: string;
  /** SIGKILLs whatever is left of the group and deletes the data folder. */
  cleanup(): void;
}

export async function poll(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startRunner(env: Record<string, string>): Promise<Runner> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-runner-'));
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', LOCAL_WEB: 'none', LOCAL_DATA_DIR: dataDir, LOCAL_QUIET: 'true', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const cleanup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await poll(
      "the runner's banner",
      () => {
        if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output.slice(-3000)}`);
        return output.includes('Atende is running');
      },
      180_000,
    );
  } catch (err) {
    cleanup();
    throw err;
  }
  const url = /Console\s+(http:\/\/\S+?)\/?\s/.exec(output)?.[1] ?? '';
  return { child, output: () => output, url, cleanup };
}
