/**
 * From shards to the fleet: connections pinned to a shard whose host is gone become free leases the
 * fleet claims; a shard whose host still beats keeps its pins until it stops. Against DynamoDB Local.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  getConnectionLease,
  listShardSessions,
  shardHostItem,
  shardSessionItem,
  type ConnectionLease,
} from '@atende/functions/shared-surface';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ensureTable } from '../../infra/local/emulators/dynamodb-local';
import { FleetMember } from '../src/fleet/fleet-member';
import { adoptShardPins } from '../src/fleet/shard-pins';
import { createLogger } from '../src/logger';
import { createTestEnvironment, type TestEnvironment } from './support/environment';

let env: TestEnvironment;
let tableName: string;
beforeAll(async () => {
  env = await createTestEnvironment();
  // Shard registries and fleet items are platform-wide: a table of its own.
  tableName = `${env.config.tableName}-pins`;
  await ensureTable(inject('ddbEndpoint'), tableName);
});
afterAll(() => env.destroy());

const table = () => ({ ddb: env.clients.ddb, tableName });
const put = (item: Record<string, unknown>) => env.clients.ddb.send(new PutCommand({ TableName: tableName, Item: item }));
const pin = async (shard: number, connectionId: string) => {
  const session = {
    companyId: 'co-pins',
    connectionId,
    adapter: 'baileys' as const,
    registeredAt: new Date().toISOString(),
  };
  await put(shardSessionItem(shard, session));
  return session;
};
const beat = (shard: number, aliveAt: number) =>
  put(
    shardHostItem(shard, {
      hostId: `shard-${shard}`,
      startedAt: new Date(aliveAt - 60_000).toISOString(),
      aliveAt: new Date(aliveAt).toISOString(),
      staleAfterSeconds: 90,
      sessions: 1,
      connected: 1,
    }),
  );

it('adopts the pins of shards whose host is gone, waits for a shard host still beating, and the fleet claims them', async () => {
  // Arrange: shard 0's host stopped (no heartbeat), shard 3's still beats; one connection already has a lease.
  const now = Date.now();
  const gone = [await pin(0, 'conn-a'), await pin(0, 'conn-b')];
  const beating = await pin(3, 'conn-c');
  await beat(3, now);
  const opened: ConnectionLease[] = [];
  const fleet = new FleetMember({
    table: table(),
    hostId: 'fleet-1',
    cap: 10,
    log: createLogger('silent'),
    sessions: { open: async (lease) => void opened.push(lease), close: async () => {}, restart: async () => {} },
  });
  await fleet.tick();
  await fleet.claimFor({ companyId: 'co-pins', connectionId: 'conn-b' }, 'baileys');

  // Act 1: the first pass
  const first = await adoptShardPins(table(), now);
  const again = await adoptShardPins(table(), now);
  await fleet.tick();

  // Assert 1
  expect(first).toEqual({ adopted: 2, waiting: 1 });
  expect(again).toEqual({ adopted: 0, waiting: 1 });
  expect(await listShardSessions(0, table())).toEqual([]);
  expect(await listShardSessions(3, table())).toEqual([beating]);
  expect(await getConnectionLease(beating, table())).toBeUndefined();
  expect(await getConnectionLease(gone[1]!, table())).toMatchObject({ owner: 'fleet-1', token: 1 }); // left as it was
  expect(fleet.held.map((l) => l.connectionId).sort()).toEqual(['conn-a', 'conn-b']);
  expect(opened.map((l) => [l.connectionId, l.token])).toEqual([['conn-a', 1]]);

  // Act 2: shard 3's heartbeat goes stale (its host was killed)
  const later = now + 91_000;
  const last = await adoptShardPins(table(), later);

  // Assert 2
  expect(last).toEqual({ adopted: 1, waiting: 0 });
  expect(await getConnectionLease(beating, table())).toMatchObject({ owner: '-', token: 0 });
});
