/**
 * A table in memory behind the document client, for the simulator's own storage: BatchWriteItem puts,
 * Query by PK and SK prefix. Each `client()` is one process's handle on it; `kill()` is that process's
 * SIGKILL (its calls from then on never complete, nothing more of it lands); `slow()` holds its writes
 * until `release()` (a loaded machine).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { vi } from 'vitest';

export function memoryTable(tableName = 'tbl') {
  const items = new Map<string, Record<string, unknown>>();
  const puts: string[] = [];
  const client = () => {
    let dead = false;
    let held: (() => void)[] | undefined;
    const send = vi.fn(async (command: { input: Record<string, any> }) => {
      if (dead) return new Promise<never>(() => undefined);
      if (command.input.RequestItems && held) await new Promise<void>((r) => held!.push(r));
      if (dead) return new Promise<never>(() => undefined);
      if (command.input.RequestItems) {
        for (const { PutRequest } of command.input.RequestItems[tableName] as {
          PutRequest: { Item: Record<string, unknown> };
        }[]) {
          items.set(`${PutRequest.Item.PK}|${PutRequest.Item.SK}`, structuredClone(PutRequest.Item));
          puts.push(String(PutRequest.Item.SK));
        }
        return {};
      }
      const values = command.input.ExpressionAttributeValues as Record<string, string>;
      return {
        Items: [...items.values()]
          .filter((i) => i.PK === values[':pk'] && String(i.SK).startsWith(values[':prefix']!))
          .map((i) => structuredClone(i)),
      };
    });
    return {
      ddb: { send } as unknown as DynamoDBDocumentClient,
      kill: () => (dead = true),
      slow: () => (held ??= []),
      release: () => {
        for (const write of held?.splice(0) ?? []) write();
        held = undefined;
      },
    };
  };
  return { ...client(), client, puts };
}
