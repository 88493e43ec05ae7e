/**
 * Runs one bench in its own process (so one's stack never skews another's memory or timing), its
 * output shown as it goes and kept, and returns its `--json` line with when, how long and under what
 * load it ran. A bench that outlives its time limit is stopped with its whole process group.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { JSON_FLAG } from '../bench-json';
import type { ReportBench, RunContext } from './bench-spec';

/** What bench/results/<name>.json holds: the bench's own `--json` line and how it was taken. */
export interface BenchRecord {
  bench: string;
  /** The command that reproduces it, from the repository root. */
  command: string;
  quick: boolean;
  startedAt: string;
  seconds: number;
  /** 1-minute load average when it started and when it ended. */
  loadBefore: number;
  loadAfter: number;
  exitCode: number | null;
  timedOut: boolean;
  /** The last lines of its stderr when it failed. */
  errorTail?: string;
  output: unknown;
}

export function commandOf(
  bench: ReportBench,
  ctx: RunContext,
): { argv: string[]; env: Record<string, string>; text: string } {
  const argv = [bench.script, ...bench.args(ctx), JSON_FLAG];
  const env = bench.env?.(ctx) ?? {};
  const prefix = Object.entries(env).map(([k, v]) => `${k}="${v}" `);
  return { argv, env, text: `${prefix.join('')}npx tsx ${argv.join(' ')}` };
}

/** The last line of `stdout` that parses as a JSON object (a bench's `--json` line is its last). */
export function lastJsonLine(stdout: string): unknown {
  for (const line of stdout.trim().split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      return JSON.parse(line) as unknown;
    } catch {
      // a log line that merely starts with a brace
    }
  }
  return undefined;
}

export async function runBench(bench: ReportBench, ctx: RunContext, root: string): Promise<BenchRecord> {
  const { argv, env, text } = commandOf(bench, ctx);
  const limitMs = Math.max(10, 3 * (ctx.quick ? bench.minutes.quick : bench.minutes.full)) * 60_000;
  const startedAt = new Date();
  const loadBefore = loadavg()[0]!;
  console.log(`\n=== ${bench.name}: ${text}`);
  const child = spawn(process.execPath, ['--import', 'tsx', ...argv], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'SILENT', LOCAL_QUIET: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: a timeout stops DynamoDB Local and the hosts it started too
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(`${bench.name}: over ${limitMs / 60_000} min, stopping it`);
    signalGroup(child.pid, 'SIGTERM');
    setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 15_000).unref();
  }, limitMs);
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  clearTimeout(timer);
  return {
    bench: bench.name,
    command: text,
    quick: ctx.quick,
    startedAt: startedAt.toISOString(),
    seconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
    loadBefore: round2(loadBefore),
    loadAfter: round2(loadavg()[0]!),
    exitCode,
    timedOut,
    errorTail: exitCode === 0 ? undefined : errorLines(stderr),
    output: lastJsonLine(stdout),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** What went wrong, without the stack frames: the last few other lines of stderr. */
export function errorLines(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() && !/^\s+at /.test(line) && !/^Node\.js v/.test(line));
  return lines.slice(-4).join('\n');
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}
