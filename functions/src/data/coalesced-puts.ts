/**
 * Idempotent Puts from concurrent units of work (the records of one SQS batch) leave together, as
 * BatchWriteItem calls of up to 25 items, instead of one call each (`turnBatches`, as for the
 * transactions and SQS sends). No caller waits on a timer: alone, its items leave on the next turn;
 * under load, more callers share a turn and the calls per item fall. Each caller's promise settles
 * when ITS items are written (or the call failed), so durability is the caller's as before. Only for
 * items whose content does not depend on who writes them (search index entries, markers): a key put
 * twice in one turn is written once.
 */
import { batchWrite } from './table-operations';
import { turnBatches } from './turn-batches';

type Item = Record<string, unknown>;

let together: ((items: Item[]) => Promise<void>) | undefined;

export function putTogether(items: Item[]): Promise<void> {
  if (!items.length) return Promise.resolve();
  together ??= turnBatches(writeTogether);
  return together(items);
}

async function writeTogether(callers: readonly Item[][]): Promise<(void | Error)[]> {
  const byKey = new Map<string, Item>();
  for (const items of callers) for (const item of items) byKey.set(`${item.PK}\u0000${item.SK}`, item);
  try {
    await batchWrite([...byKey.values()].map((Item) => ({ PutRequest: { Item } })));
    return callers.map(() => undefined);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    return callers.map(() => error);
  }
}
