/**
 * DynamoDB reads made inside one scope (e.g. the fan-out handler), counted per request and converted
 * to read capacity units at AWS's rates, per partition key: an item (GetItem, each BatchGetItem item)
 * or a Query page's items together cost ceil(bytes / 4 KB) units, consistent reads 1 per unit,
 * eventually consistent 0.5 (DynamoDB Local reports no such figure). Item sizes follow AWS's rule
 * (attribute names plus values), approximately for numbers.
 *
 * The bench wraps the scope's function with `meter.run` and feeds every `Client.send` to `observe`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const READS = new Set(['GetCommand', 'QueryCommand', 'BatchGetCommand', 'ScanCommand']);
const UNIT = 4096;

type Item = Record<string, unknown>;

function valueBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(value).replace(/[-.]/g, '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce<number>((n, v) => n + 1 + valueBytes(v), 0);
  if (typeof value === 'object') return 3 + itemBytes(value as Item) + Object.keys(value).length;
  return Buffer.byteLength(String(value));
}

export const itemBytes = (item: Item): number =>
  Object.entries(item).reduce((n, [name, value]) => n + Buffer.byteLength(name) + valueBytes(value), 0);

const units = (bytes: number, consistent: boolean) => Math.max(1, Math.ceil(bytes / UNIT)) * (consistent ? 1 : 0.5);

export class ReadMeter {
  private readonly scope = new AsyncLocalStorage<true>();
  /** Calls of the scoped function (e.g. fan-out batches). */
  runs = 0;
  requests = 0;
  readonly byCommand = new Map<string, number>();
  /** Read capacity units per partition key (the company id replaced by `<cid>` by the caller when shown). */
  readonly rcuByKey = new Map<string, number>();

  run<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args: A) => {
      this.runs += 1;
      return this.scope.run(true, () => fn(...args));
    };
  }

  /** Whether the current call is inside the scope; call before awaiting the send. */
  inScope(): boolean {
    return this.scope.getStore() === true;
  }

  reset(): void {
    this.runs = 0;
    this.requests = 0;
    this.byCommand.clear();
    this.rcuByKey.clear();
  }

  /** Counts one read request with its answer (no-op for writes). */
  observe(command: { constructor: { name: string }; input: Record<string, any> }, output: Record<string, any>): void {
    const name = command.constructor.name;
    if (!READS.has(name)) return;
    this.requests += 1;
    this.byCommand.set(name, (this.byCommand.get(name) ?? 0) + 1);
    const input = command.input;
    if (name === 'GetCommand') {
      this.add(String(input.Key?.PK), units(output.Item ? itemBytes(output.Item) : 0, input.ConsistentRead === true));
    } else if (name === 'QueryCommand' || name === 'ScanCommand') {
      const bytes = ((output.Items ?? []) as Item[]).reduce((n, i) => n + itemBytes(i), 0);
      const pk = String(input.ExpressionAttributeValues?.[':pk'] ?? (name === 'ScanCommand' ? 'scan' : 'query'));
      this.add(pk, units(bytes, input.ConsistentRead === true));
    } else {
      for (const [table, items] of Object.entries((output.Responses ?? {}) as Record<string, Item[]>)) {
        const consistent = input.RequestItems?.[table]?.ConsistentRead === true;
        for (const item of items) this.add(String(item.PK), units(itemBytes(item), consistent));
      }
    }
  }

  private add(pk: string, rcu: number): void {
    this.rcuByKey.set(pk, (this.rcuByKey.get(pk) ?? 0) + rcu);
  }
}
