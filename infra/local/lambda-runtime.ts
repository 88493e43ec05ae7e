/**
 * Runs the manifest's area handlers in this process the way Lambda would call them: the same
 * `handler(event, context)` export that CDK deploys, loaded lazily so a missing or broken area
 * fails its own invocations (with a clear log) instead of the whole local platform at boot.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { AREAS, type Area } from '@atende/functions/manifest';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './emulators/local-aws';
import { logLine } from './log';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each area's handler takes its own event type
export type AreaHandler = (event: any, context: Context) => Promise<unknown>;
export type AreaHandlers = Partial<Record<Area, AreaHandler>>;
export type Invoke = (area: Area, event: unknown, options?: { timeoutMs?: number }) => Promise<unknown>;
export interface LocalInvoker extends Invoke {
  /** Loads an area's code ahead of its first invocation (a load failure is left to that invocation). */
  warm(area: Area): void;
}

const FUNCTIONS_DIR = resolve(fileURLToPath(import.meta.url), '..', '..', '..', 'functions');

export class AreaUnavailableError extends Error {
  constructor(area: Area, cause: unknown) {
    super(`area "${area}" could not be loaded (${AREAS[area]}): ${(cause as Error)?.message ?? cause}`);
  }
}

/**
 * `overrides` replaces areas with in-test fakes. Failed loads are not cached: the next request tries
 * again, so an area written while `npm start` runs starts working without a restart.
 */
export function createInvoker(overrides: AreaHandlers = {}): LocalInvoker {
  const loaded = new Map<Area, AreaHandler>();

  async function load(area: Area): Promise<AreaHandler> {
    const override = overrides[area];
    if (override) return override;
    const cached = loaded.get(area);
    if (cached) return cached;
    let handler: unknown;
    try {
      handler = (await import(pathToFileURL(resolve(FUNCTIONS_DIR, AREAS[area])).href)).handler;
    } catch (err) {
      throw new AreaUnavailableError(area, err);
    }
    if (typeof handler !== 'function') throw new AreaUnavailableError(area, new Error('it does not export `handler`'));
    loaded.set(area, handler as AreaHandler);
    return handler as AreaHandler;
  }

  const invoke = async (area: Area, event: unknown, options: { timeoutMs?: number } = {}) => {
    const handler = await load(area);
    return handler(event, lambdaContext(area, options.timeoutMs ?? 30_000));
  };
  return Object.assign(invoke, { warm: (area: Area) => void load(area).catch(() => undefined) });
}

export function lambdaContext(area: Area, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  const functionName = `atende-local-${area}`;
  const unsupported = () => {
    throw new Error('callback-style Lambda context methods are not supported');
  };
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: unsupported,
    fail: unsupported,
    succeed: unsupported,
  };
}

/** Logs an invocation failure once, with the stack, and never throws. */
export function reportInvocationError(what: string, err: unknown): void {
  const detail = err instanceof AreaUnavailableError ? err.message : ((err as Error)?.stack ?? String(err));
  logLine('local', `${what} failed: ${detail}`);
}
