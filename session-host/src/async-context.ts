/**
 * Node 22's AsyncLocalStorage, by default, keeps every instance that ever ran in a process-wide list and
 * copies each one's store onto every promise created afterwards, for the life of the process. Baileys 7
 * creates one per socket (`addTransactionCapability`, lib/Utils/auth-utils.js) and never disables it, so
 * each socket a host ever opened — every pairing, reconnect, restart — makes every later promise slower
 * and heavier: measured on Node 22.23, 600 sockets (300 connections opened twice) cost 196 µs and 50 KB
 * per promise, and 3,000 ran a host out of memory (bench/README.md "Baileys socket memory").
 * With `--experimental-async-context-frame` (the default from Node 24) the store travels in one frame per
 * async context instead, and the cost stays flat. The session host image runs with it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const ASYNC_CONTEXT_FLAG = '--experimental-async-context-frame';

/** True when this process copies every AsyncLocalStorage onto every promise (Node 20/22 without the flag). */
export function asyncContextPerPromise(): boolean {
  return typeof (new AsyncLocalStorage() as unknown as { _propagate?: unknown })._propagate === 'function';
}
