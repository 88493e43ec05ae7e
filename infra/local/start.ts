/**
 * `npm start`: the whole platform on this machine, data kept in `.local-data/`. Prints the console URL
 * and the seeded logins; Ctrl-C (or SIGTERM) stops every child process.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './console-build';
import { isPortFree } from './emulators/free-port';
import { logLine } from './log';
import type { LocalSeedResult } from './seed-logins';
import { startLocalStack, type LocalStack } from './stack';

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const DATA_DIR = resolve(REPO_ROOT, process.env.LOCAL_DATA_DIR ?? '.local-data');
const DEFAULT_PORT = 3000;
/** How long a graceful stop may take before the runner exits regardless. */
const STOP_BOUND_MS = 20_000;

async function main(): Promise<void> {
  const wanted = Number(process.env.PORT ?? DEFAULT_PORT);
  const port = (await isPortFree(wanted)) ? wanted : 0;
  if (port === 0) logLine('local', `port ${wanted} is busy; using a free one (set PORT to choose)`);

  // `build` (the default): build the console, then serve it as deployed (console-build.ts).
  const choice = (process.env.LOCAL_WEB ?? 'build') as 'build' | 'vite' | 'dist' | 'none';
  if (choice === 'build') await buildConsole(REPO_ROOT);
  const starting = startLocalStack({
    dataDir: DATA_DIR,
    web: choice === 'build' ? 'dist' : choice,
    sessionHost: process.env.LOCAL_SESSION_HOST !== 'false',
    port,
    dynamoDbJit: 'steady',
  });

  let stoppingSince = 0;
  const shutdown = async (signal: string) => {
    if (stoppingSince) {
      // Ctrl-C reaches us twice (from the terminal and relayed by tsx): only a later, second Ctrl-C forces.
      if (Date.now() - stoppingSince < 1500) return;
      logLine('local', 'forced exit: child processes end on their own within a few seconds');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logLine('local', `${signal}: stopping…`);
    // A stop that hangs (an emulator gone, a child not answering) must not keep the runner: every
    // child ends with the runner anyway (exit-with-parent.ts, lifeline.mjs).
    setTimeout(() => {
      logLine('local', `still stopping after ${STOP_BOUND_MS / 1000} s: exiting`);
      process.exit(1);
    }, STOP_BOUND_MS).unref();
    // Also when the signal comes mid-start: let the start finish, then stop what it started.
    await starting.then(
      (stack) => stack.stop(),
      () => {},
    );
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // A handler's stray promise, or Vite's dependency optimizer cut off by Ctrl-C, must not take the
  // stack down without stopping its child processes.
  process.on('unhandledRejection', (err) => {
    if (!stoppingSince) logLine('local', `unhandled rejection: ${(err as Error)?.stack ?? err}`);
  });

  const stack = await starting;
  if (!stoppingSince) printBanner(stack);
}

function printBanner(stack: LocalStack): void {
  const line = '─'.repeat(64);
  const out = [
    '',
    line,
    // Counted from this process's start, so module loading is included, not just the stack.
    `  Atende is running — ready in ${process.uptime().toFixed(1)} s`,
    '',
    `  Console      ${stack.url}/`,
    `  REST API     ${stack.apiUrl}`,
    `  WebSocket    ${stack.wsUrl}`,
    `  Data folder  ${DATA_DIR}`,
    '',
    ...loginLines(stack.seeded),
    '',
    '  Ctrl-C stops everything.',
    line,
    '',
  ];
  process.stdout.write(out.join('\n'));
}

function loginLines(seeded: LocalSeedResult): string[] {
  if (!seeded.available) return ['  No logins: the seed module (functions/src/domain/platform/seed.ts) is not there yet.'];
  const rows = seeded.logins.map((login) => {
    const password =
      login.passwordSource === 'env'
        ? `(from ${login.passwordEnv})`
        : login.passwordSource === 'unknown'
          ? '(set on an earlier start; delete .local-data to reseed)'
          : login.password;
    return `  ${login.role.padEnd(12)} ${login.email.padEnd(28)} ${password}   ${login.companyName}`;
  });
  return [`  Logins${seeded.created ? ' (created now)' : ''}:`, ...rows];
}

main().catch((err) => {
  logLine('local', `could not start: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
