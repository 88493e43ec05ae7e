/**
 * Session host process entry: `tsx session-host/src/main.ts` (env: docs in src/config.ts).
 * SIGTERM / SIGINT stop it gracefully (ECS sends SIGTERM, then SIGKILL after the stop timeout).
 */
import { ASYNC_CONTEXT_FLAG, asyncContextPerPromise } from './async-context';
import { filterLibsignalOutput } from './console-filter';
import { loadConfig } from './config';
import { SessionHost } from './host';
import { createLogger } from './logger';

filterLibsignalOutput();
const config = loadConfig();
const log = createLogger(config.logLevel);
const host = new SessionHost(config, { log });
if (asyncContextPerPromise() && config.adapters.includes('baileys')) {
  log.error(
    { flag: ASYNC_CONTEXT_FLAG, node: process.version },
    'AsyncLocalStorage copies onto every promise: each Baileys socket opened slows the host for good; start node with the flag',
  );
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping session host');
  const force = setTimeout(() => {
    log.error('graceful stop took too long; exiting');
    process.exit(1);
  }, 25_000);
  force.unref();
  try {
    await host.stop();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'graceful stop failed');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

host.start().catch((err) => {
  log.error({ err }, 'session host failed to start');
  process.exit(1);
});
