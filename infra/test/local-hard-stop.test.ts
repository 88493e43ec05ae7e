/**
 * `npm start` killed hard leaves nothing behind (issue 8, item 19): after a SIGKILL of the runner's
 * process group, or a SIGTERM followed by SIGKILL 2 s later (what a harness does on a timeout),
 * DynamoDB Local (Java), every session-host process (a fleet of two, the default shape with
 * `SESSION_HOSTS=2`) and every other child end, and no port they listened on stays bound. Linux only (/proc).
 */
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, descendants, isListening, isRunning, listeningPorts } from './support/process-tree';
import { poll, startRunner as startNpmStart, type Runner } from './support/npm-start-runner';

const HOSTS = 2;
let runner: Runner | undefined;
let leftovers: number[] = [];

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
  runner?.cleanup();
  runner = undefined;
});

/** `npm start` in a process group of its own (as a terminal or a harness runs it), up to its banner. */
async function startRunner(): Promise<ChildProcess> {
  runner = await startNpmStart({ SESSION_HOSTS: String(HOSTS) });
  return runner.child;
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
    // The children the issue found alive: Java and every session-host process.
    expect(commands.filter((c) => c.startsWith('java ') && c.includes('DynamoDBLocal.jar'))).toHaveLength(1);
    expect(commands.filter((c) => c.includes('session-host/src/main.ts'))).toHaveLength(HOSTS);
    const ports = listeningPorts(pids);
    expect(ports.length).toBeGreaterThanOrEqual(1 + 1 + HOSTS); // gateway, DynamoDB, each host's health port
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
