/**
 * The session host as child processes: the hosts of a fleet (the default, as in AWS: one task per
 * host), or one per shard (like one Fargate service per shard). Prefixed logs, restart with backoff
 * after a crash (as ECS would), and explicit stop()/start() so tests and benches can kill a host and
 * bring it back. Ports stay fixed per index across restarts; a fleet host gets a new id per process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './emulators/free-port';
import { logLine } from './log';

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
export const SESSION_HOST_ENTRY = resolve(REPO_ROOT, 'session-host', 'src', 'main.ts');
const EXIT_WITH_PARENT = resolve(REPO_ROOT, 'infra', 'local', 'exit-with-parent.ts');
/** A graceful stop that talks to emulators already gone would hang: SIGKILL after this. */
const STOP_GRACE_MS = 5_000;
const MAX_BACKOFF_MS = 30_000;

export interface SessionHostOptions {
  /** How many processes: the fleet's hosts, or the shards. */
  shards: number;
  /**
   * The processes are a fleet (issue 29; the local default, `SESSION_HOSTS=N`) rather than shards:
   * every one reads shard 0's queue and claims connections through leases; a killed one's are taken
   * over by the others (or by its restart).
   */
  fleet?: boolean;
  /** Table, queue, S3 and stage variables; SHARD, ADAPTER and the ports are added per shard. */
  env: Record<string, string>;
  /** `simulator` unless SESSION_ADAPTER says otherwise. */
  adapter?: string;
  entry?: string;
  /**
   * Called when a host dies without being asked to (crash, SIGKILL): a host killed hard cannot
   * report its sessions, so whoever watches it does (as an ECS task-stopped rule does in AWS).
   * `hostId`: the fleet host's id (`HOST_ID`) in the process that died.
   */
  onUnexpectedExit?: (shard: number, hostId: string | undefined) => Promise<void>;
}

interface Shard {
  index: number;
  simulatorPort: number;
  healthPort: number;
  child?: ChildProcess;
  /** Fleet: the running (or last) process's host id. */
  hostId?: string;
  wanted: boolean;
  /** The signals stop() sent to the running process: its exit by another one (a SIGKILL from outside) was not asked for. */
  sent?: { child: ChildProcess; signals: Set<NodeJS.Signals> };
  restartTimer?: NodeJS.Timeout;
  backoffMs: number;
}

export interface SessionHostProcesses {
  /** False when the entry file does not exist yet; then nothing is started. */
  readonly available: boolean;
  readonly shards: number;
  simulatorPort(shard: number): number | undefined;
  healthPort(shard: number): number | undefined;
  pid(shard: number): number | undefined;
  /** Fleet: the host id of the process running (or last run) at this index. */
  hostId(shard: number): string | undefined;
  /** Starts one shard, or every shard; resolves once the process is spawned (not yet healthy). */
  start(shard?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s; no automatic restart until start() is called again. */
  stop(shard?: number): Promise<void>;
  /** Resolves when each running shard answers GET /health with 200. */
  waitHealthy(timeoutMs?: number): Promise<void>;
}

export async function createSessionHost(options: SessionHostOptions): Promise<SessionHostProcesses> {
  const entry = options.entry ?? SESSION_HOST_ENTRY;
  const available = existsSync(entry);
  const adapter = options.adapter ?? process.env.SESSION_ADAPTER ?? 'simulator';
  const shards: Shard[] = [];
  for (let index = 0; index < options.shards; index++) {
    shards.push({ index, simulatorPort: await freePort(), healthPort: await freePort(), wanted: false, backoffMs: 1000 });
  }
  if (!available) logLine('session-host', `warning: ${entry} does not exist yet; the session host is not started`);

  function spawnShard(shard: Shard): void {
    const startedAt = Date.now();
    // A new id per process, as an ECS task gets: the host item of the one before may still be there.
    const hostId = options.fleet ? `local-${shard.index}-${randomBytes(6).toString('hex')}` : undefined;
    shard.hostId = hostId;
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', EXIT_WITH_PARENT, entry], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...options.env,
        SHARD: options.fleet ? '0' : String(shard.index),
        ...(hostId ? { SESSION_FLEET: 'true', HOST_ID: hostId } : {}),
        ADAPTER: adapter,
        SIMULATOR_PORT: String(shard.simulatorPort),
        HEALTH_PORT: String(shard.healthPort),
        EXIT_WITH_PARENT_PID: String(process.pid),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: a terminal's Ctrl-C reaches only the stack, which stops shards in order.
      // If the stack dies instead, the preloaded exit-with-parent watch ends the shard.
      detached: true,
    });
    shard.child = child;
    const source = `session-host:${shard.index}`;
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) => logLine(source, line));
    child.on('error', (err) => logLine(source, `could not start: ${err.message}`));
    child.on('exit', (code, signal) => {
      if (shard.child === child) shard.child = undefined;
      // Reported even when stop() came right after (a test that kills a host and keeps it down): only an
      // exit that stop()'s own signals caused was asked for.
      const asked = shard.sent?.child === child && (signal === null || shard.sent.signals.has(signal));
      if (!asked)
        options
          .onUnexpectedExit?.(shard.index, hostId)
          .catch((err: Error) => logLine(source, `could not report its sessions disconnected: ${err.message}`));
      if (!shard.wanted) return;
      if (Date.now() - startedAt > 60_000) shard.backoffMs = 1000; // it ran a while: a fresh crash, not a crash loop
      logLine(source, `exited (${signal ?? code}); restarting in ${shard.backoffMs / 1000} s`);
      shard.restartTimer = setTimeout(() => {
        shard.restartTimer = undefined;
        if (shard.wanted && !shard.child) spawnShard(shard);
      }, shard.backoffMs);
      shard.backoffMs = Math.min(MAX_BACKOFF_MS, shard.backoffMs * 2);
    });
  }

  async function stopShard(shard: Shard): Promise<void> {
    shard.wanted = false;
    clearTimeout(shard.restartTimer);
    const child = shard.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const sent = new Set<NodeJS.Signals>();
    shard.sent = { child, signals: sent };
    const signal = (name: NodeJS.Signals) => {
      sent.add(name);
      child.kill(name);
    };
    await new Promise<void>((done) => {
      const kill = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        done();
      });
      signal('SIGTERM');
    });
  }

  const pick = (shard?: number) => (shard === undefined ? shards : shards.filter((s) => s.index === shard));

  return {
    available,
    shards: options.shards,
    simulatorPort: (i) => shards[i]?.simulatorPort,
    healthPort: (i) => shards[i]?.healthPort,
    pid: (i) => shards[i]?.child?.pid,
    hostId: (i) => shards[i]?.hostId,
    async start(shard) {
      if (!available) return;
      for (const s of pick(shard)) {
        s.wanted = true;
        s.backoffMs = 1000;
        if (!s.child) spawnShard(s);
      }
    },
    async stop(shard) {
      await Promise.all(pick(shard).map(stopShard));
    },
    async waitHealthy(timeoutMs = 60_000) {
      await Promise.all(
        shards
          .filter((s) => s.wanted)
          .map((s) =>
            waitFor(
              async () => {
                const res = await fetch(`http://127.0.0.1:${s.healthPort}/health`);
                return res.status === 200;
              },
              timeoutMs,
              `session host shard ${s.index}`,
            ),
          ),
      );
    },
  };
}
