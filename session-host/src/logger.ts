import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON lines on stdout (CloudWatch in AWS); Baileys gets a child logger, since it expects pino's interface. */
export function createLogger(level = process.env.LOG_LEVEL?.toLowerCase() ?? 'info'): Logger {
  return pino({ level: level === 'silent' ? 'silent' : level, base: { service: 'session-host' } });
}

export const silentLogger = (): Logger => pino({ level: 'silent' });
