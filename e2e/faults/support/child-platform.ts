/**
 * The whole local platform in a child process on a data folder (restart-child.ts), so a fault can kill
 * all of it at once — the platform's process, the session host, DynamoDB Local's JVM and its wrapper —
 * with SIGKILL, and start it again on the same data and the same port (the console's URL, tokens and
 * sockets' address do not change across the restart, as a deployment's do not).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../infra/local/emulators/free-port';
import type { LocalQueue } from '../../../infra/local/emulators/sqs-emulator';
import type { SeedLogin } from '../../../infra/local/seed-logins';
import { REPO_ROOT } from '../../../infra/lib/paths';
import { descendants, isRunning } from '../../../infra/test/support/process-tree';

const CHILD = join(REPO_ROOT, 'e2e', 'faults', 'support', 'restart-child.ts');
const START_LIMIT_MS = 180_000;

/** What the running platform printed (its queues' URLs change with each start: the SQS port does). */
export interface ChildPlatformInfo {
  url: string;
  apiUrl: string;
  wsUrl: string;
  endpoints: { dynamodb: string; sqs: string; s3: string };
  queues: Map<string, LocalQueue>;
  logins: SeedLogin[];
}

export interface ChildPlatform {
  readonly info: ChildPlatformInfo;
  /** Starts it (again) on the data folder and port; resolves once it is ready. */
  start(): Promise<ChildPlatformInfo>;
  /** SIGKILL of its process and every descendant at once; answers how many processes were killed. */
  killTree(): Promise<number>;
  /** The end of everything its starts printed (for a failure's message). */
  output(): string;
  /** Everything its starts printed, kept after `stop` (in the temp folder). */
  readonly logFile: string;
  /** Stops it (SIGTERM, then SIGKILL of what is left) and deletes the data folder, and the log unless kept. */
  stop(options?: { keepLog?: boolean }): Promise<void>;
}

export async function childPlatform(): Promise<ChildPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-restart-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let info: ChildPlatformInfo | undefined;
  let output = '';
  const logFile = `${dataDir}.log`;
  const keep = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-50_000);
    appendFileSync(logFile, chunk);
  };

  const tree = () => (child?.pid ? [child.pid, ...descendants(child.pid)] : []);
  const killAll = async (pids: number[]) => {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone already */
      }
    }
    const until = Date.now() + 10_000;
    while (pids.some(isRunning) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  };

  return {
    get info() {
      if (!info) throw new Error('the platform is not started');
      return info;
    },
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        cwd: REPO_ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, FAULT_DATA_DIR: dataDir, FAULT_PORT: String(port) },
      });
      child = started;
      started.stdout!.on('data', keep);
      started.stderr!.on('data', keep);
      let fresh = ''; // this start's stdout, up to its READY line
      info = await new Promise<ChildPlatformInfo>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`not ready in ${START_LIMIT_MS} ms:\n${output.slice(-3000)}`)),
          START_LIMIT_MS,
        );
        const onData = (chunk: Buffer) => {
          fresh += chunk.toString();
          const line = /^READY (.*)$/m.exec(fresh)?.[1];
          if (!line) return;
          clearTimeout(timer);
          started.stdout!.off('data', onData);
          const ready = JSON.parse(line) as Omit<ChildPlatformInfo, 'queues'> & { queues: [string, LocalQueue][] };
          resolve({ ...ready, queues: new Map(ready.queues) });
        };
        started.stdout!.on('data', onData);
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`the platform exited (${code}) before it was ready:\n${output.slice(-3000)}`));
        });
      });
      started.removeAllListeners('exit');
      return info;
    },
    output: () => output,
    logFile,
    async killTree() {
      const pids = tree();
      await killAll(pids);
      child = undefined;
      return pids.length;
    },
    async stop(options = {}) {
      const pids = tree();
      if (child?.pid) {
        try {
          process.kill(child.pid, 'SIGTERM');
        } catch {
          /* gone */
        }
        const until = Date.now() + 20_000;
        while (isRunning(child.pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      }
      await killAll(pids.filter(isRunning));
      child = undefined;
      rmSync(dataDir, { recursive: true, force: true });
      if (!options.keepLog) rmSync(logFile, { force: true });
    },
  };
}
