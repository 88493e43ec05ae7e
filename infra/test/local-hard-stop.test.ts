/**
 * `npm start` killed hard leaves nothing behind (issue 8, item 19): after a SIGKILL of the runner's
 * process group, or a SIGTERM followed by SIGKILL 2 s later (what a harness does on a timeout),
 * DynamoDB Local (Java), every session-host shard and every other child end, and no port they
 * listened on stays bound. Linux only (/proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths';
import { commandLine, descendants, isListening, isRunning, listeningPorts } from './support/process-tree';

const SHARDS = 2;
let runner: ChildProcess | undefined;
let leftovers: number[] = [];
const dirs: string[] = [];

afterEach(() => {
  // Whatever the assertions said, leave the machine clean for the next test.
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  leftovers = [];
  if (runner?.pid) {
    try {
      process.kill(-runner.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function poll(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm start` in a process group of its own (as a terminal or a harness runs it), up to its banner. */
async function startRunner(): Promise<ChildProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-hard-stop-'));
  dirs.push(dataDir);
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_WEB: 'none',
      LOCAL_DATA_DIR: dataDir,
      SESSION_SHARDS: String(SHARDS),
      LOCAL_QUIET: 'true',
    },
  });
  runner = child;
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  await poll(
    "the runner's banner",
    () => {
      if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output.slice(-3000)}`);
      return output.includes('Atende is running');
    },
    180_000,
  );
  return child;
}

async function expectNothingLeft(pids: number[], ports: number[]): Promise<void> {
  leftovers = pids;
  try {
    await poll('every child of the runner to end', () => pids.every((pid) => !isRunning(pid)), 20_000);
  } catch {
    expect(pids.filter(isRunning).map((pid) => `${pid} ${commandLine(pid)}`)).toEqual([]);
  }
  try {
    await poll('every port to be released', () => ports.every((port) => !isListening(port)), 5_000);
  } catch {
    expect(ports.filter(isListening)).toEqual([]);
  }
}

describe.runIf(process.platform === 'linux')('npm start under a hard stop', () => {
  const snapshot = async (child: ChildProcess) => {
    const pids = descendants(child.pid!);
    const commands = pids.map(commandLine);
    // The children the issue found alive: Java and one session host per shard.
    expect(commands.filter((c) => c.startsWith('java ') && c.includes('DynamoDBLocal.jar'))).toHaveLength(1);
    expect(commands.filter((c) => c.includes('session-host/src/main.ts'))).toHaveLength(SHARDS);
    const ports = listeningPorts(pids);
    expect(ports.length).toBeGreaterThanOrEqual(1 + 1 + SHARDS); // gateway, DynamoDB, each shard's health port
    return { pids, ports };
  };

  it("SIGKILL of the runner's process group ends every child and frees every port", async () => {
    const child = await startRunner();
    const { pids, ports } = await snapshot(child);
    process.kill(-child.pid!, 'SIGKILL');
    await expectNothingLeft(pids, ports);
  }, 300_000);

  it('SIGTERM, then SIGKILL 2 s later, ends every child and frees every port', async () => {
    const child = await startRunner();
    const { pids, ports } = await snapshot(child);
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 2000));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone: fine */
    }
    await expectNothingLeft(pids, ports);
  }, 300_000);
});
