/**
 * Items read ahead for one unit of work (one inbound message), in a BatchGetItem shared with the
 * other units of the batch, instead of one GetItem each. Each item is served ONCE, to the first
 * consistent read of its key inside that unit (`consistentGet`); every later read of the key goes to
 * the table again, so what the unit writes and reads back stays fresh. Outside `withReadAhead` (the
 * API, other workers) nothing changes. The items are as fresh as a read made when the batch started:
 * the same race any read-then-write has, and every write that depends on them is conditional.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from './table-operations';
import { ddb, tableName } from './client';

export type TableKey = { PK: string; SK: string };
type Item = Record<string, unknown>;

/** Items by key for one unit; `null` = read ahead and absent. */
export type ReadAheadItems = Map<string, Item | null>;

const units = new AsyncLocalStorage<ReadAheadItems>();
const keyId = (key: { PK: unknown; SK: unknown }) => `${String(key.PK)}\u0000${String(key.SK)}`;

/** Runs `work` with `items` available to its consistent reads. */
export const withReadAhead = <T>(items: ReadAheadItems, work: () => Promise<T>): Promise<T> => units.run(items, work);

/** One consistent BatchGetItem (chunked) for every unit's keys; answers each unit's items. */
export async function readAhead<U>(wanted: Map<U, TableKey[]>): Promise<Map<U, ReadAheadItems>> {
  const all = [...wanted.values()].flat();
  const found = new Map<string, Item>();
  if (all.length) for (const item of await batchGet(all, { consistentRead: true })) found.set(keyId(item as TableKey), item);
  const out = new Map<U, ReadAheadItems>();
  for (const [unit, keys] of wanted) out.set(unit, new Map(keys.map((k) => [keyId(k), found.get(keyId(k)) ?? null])));
  return out;
}

/** A unit's item for `key` without serving it (undefined when absent or not read ahead). */
export const peekReadAhead = (items: ReadAheadItems, key: TableKey): Item | undefined => items.get(keyId(key)) ?? undefined;

/** The unit has an answer for `key` (an item, or null when it was read ahead and absent). */
export const hasReadAhead = (items: ReadAheadItems, key: TableKey): boolean => items.has(keyId(key));

/** Removes a key the unit will not read (so a later read of it goes to the table). */
export const dropReadAhead = (items: ReadAheadItems, key: TableKey): void => void items.delete(keyId(key));

/** Adds read-ahead items to a unit (a later round of the same batch). */
export function mergeReadAhead(into: ReadAheadItems, more: ReadAheadItems | undefined): void {
  for (const [id, item] of more ?? []) into.set(id, item);
}

/** Drops what is left of the unit's items: the reads they were for are done (a no-op outside a unit). */
export function closeReadAhead(): void {
  units.getStore()?.clear();
}

/** The item read ahead for `key` (null when it was absent), once; undefined when none was read ahead. */
function takeReadAhead(key: TableKey): Item | null | undefined {
  const items = units.getStore();
  const id = keyId(key);
  if (!items?.has(id)) return undefined;
  const item = items.get(id)!;
  items.delete(id);
  return item;
}

/** A strongly consistent GetItem, served from the unit's read-ahead items when the key is there. */
export async function consistentGet(key: TableKey): Promise<Item | undefined> {
  const ahead = takeReadAhead(key);
  if (ahead !== undefined) return ahead ?? undefined;
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item;
}
