/**
 * Idempotent Puts from concurrent units of work (the records of one SQS batch) leave together, as
 * BatchWriteItem calls of up to 25 items, instead of one call each. The group forms over one turn of
 * the event loop (`setImmediate`), so no caller waits on a timer: alone, a caller's items leave on
 * the next turn; under load, more callers share a turn and the calls per item fall. Each caller's
 * promise settles when ITS items are written (or the call failed), so durability is the caller's as
 * before. Only for items whose content does not depend on who writes them (search index entries,
 * markers): when two callers put the same key in one turn, one item is written.
 */
import { batchWriteAll } from './batch';

type Item = Record<string, unknown>;

interface Waiter {
  items: Item[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

let waiting: Waiter[] = [];

export function putTogether(items: Item[]): Promise<void> {
  if (!items.length) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (!waiting.length) setImmediate(flush);
    waiting.push({ items, resolve, reject });
  });
}

async function flush(): Promise<void> {
  const waiters = waiting;
  waiting = [];
  const byKey = new Map<string, Item>();
  for (const waiter of waiters) for (const item of waiter.items) byKey.set(`${item.PK}\u0000${item.SK}`, item);
  try {
    await batchWriteAll([...byKey.values()].map((Item) => ({ PutRequest: { Item } })));
    for (const waiter of waiters) waiter.resolve();
  } catch (err) {
    for (const waiter of waiters) waiter.reject(err);
  }
}
