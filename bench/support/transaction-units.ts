/**
 * What AWS bills a TransactWriteItems, worked out from its items as they were before and after it.
 * DynamoDB Local cannot be converted: it sums the sizes of all the items a transaction writes per
 * table and per index, then charges 4 units per KB (five small Puts → 4 units; one Put with two
 * index entries → 12). AWS bills each item: 2 WRU per KB, rounded up per item, of the larger of its
 * old and new versions in the table, and the same for every index entry it writes (both
 * indexes of this table project ALL, so any change of an indexed item rewrites its entries; an entry
 * whose keys moved is a delete and a put). A ConditionCheck is billed like a write of its item.
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE_GSIS } from '../../functions/src/data/table-definition';

type Item = Record<string, unknown> | undefined;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Read = (command: GetCommand) => Promise<{ Item?: Record<string, unknown> }>;

/** DynamoDB's size of a value: strings by UTF-8 bytes, numbers ≈ 1 byte per 2 digits + 1, maps and lists 3 + 1 per element. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (value === null || typeof value === 'boolean' || value === undefined) return 1;
  if (value instanceof Set) return [...value].reduce((n: number, v) => n + sizeOf(v), 0);
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + 1 + sizeOf(v), 3);
  if (value instanceof Uint8Array) return value.byteLength;
  return Object.entries(value as object).reduce((n, [k, v]) => n + 1 + Buffer.byteLength(k) + sizeOf(v), 3);
}
const itemBytes = (item: Record<string, unknown>) =>
  Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + sizeOf(v), 0);
const kb = (item: Item) => (item ? Math.max(1, Math.ceil(itemBytes(item) / 1024)) : 0);

function target(t: TransactItem): { kind: string; TableName: string; Key: Record<string, unknown> } {
  if (t.Put) return { kind: 'Put', TableName: t.Put.TableName!, Key: { PK: t.Put.Item!.PK, SK: t.Put.Item!.SK } };
  const [kind, op] = Object.entries(t).find(([, v]) => v)! as [string, { TableName: string; Key: Record<string, unknown> }];
  return { kind, TableName: op.TableName, Key: op.Key };
}

/** The items a transaction names, as they are now (read consistently, outside the counts). */
export async function readTransactionItems(input: TransactWriteCommandInput, read: Read): Promise<Item[]> {
  return Promise.all(
    (input.TransactItems ?? []).map(async (t) => {
      const { TableName, Key } = target(t);
      return (await read(new GetCommand({ TableName, Key, ConsistentRead: true }))).Item;
    }),
  );
}

/** AWS's write units for the transaction, from its items before and after it ran. */
export function transactionUnitsAtAwsRate(input: TransactWriteCommandInput, before: Item[], after: Item[]): number {
  return (input.TransactItems ?? []).reduce((sum, t, i) => {
    const [old, now] = [before[i], after[i]];
    if (target(t).kind === 'ConditionCheck') return sum + 2 * kb(old);
    const changed = JSON.stringify(old) !== JSON.stringify(now);
    let units = Math.max(kb(old), kb(now));
    for (const { partitionKey, sortKey } of TABLE_GSIS) {
      const keyOf = (item: Item) => (item?.[partitionKey] && item[sortKey] ? `${item[partitionKey]}|${item[sortKey]}` : '');
      const [was, is] = [keyOf(old), keyOf(now)];
      if (was && is && was === is) units += changed ? kb(now) : 0;
      else units += (was ? kb(old) : 0) + (is ? kb(now) : 0);
    }
    return sum + 2 * units;
  }, 0);
}
