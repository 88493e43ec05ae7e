/**
 * The shard's registry: which sessions this shard should be running, so a restarted (or moved)
 * host resumes them on boot, plus one `HOST` item the host refreshes as a liveness heartbeat.
 * Keys and item shapes belong to functions/src/data/shard-registry.ts, imported through
 * `@atende/functions/shared-surface` (the hostwatch Lambda reads the same items when a shard's task
 * stops); this class holds the host's writes.
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  listShardSessions,
  shardHostItem,
  shardHostKey,
  shardSessionItem,
  shardSessionKey,
  type ShardHostHeartbeat,
  type ShardSession,
} from '@atende/functions/shared-surface';

export type RegisteredSession = ShardSession;
export type HostHeartbeat = ShardHostHeartbeat;

export const HEARTBEAT_INTERVAL_MS = 30_000;

export class ShardRegistry {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    readonly shard: number,
  ) {}

  async register(session: Omit<RegisteredSession, 'registeredAt'>): Promise<void> {
    await this.ddb.send(
      new PutCommand({
        TableName: this.tableName,
        Item: shardSessionItem(this.shard, { ...session, registeredAt: new Date().toISOString() }),
      }),
    );
  }

  async unregister(companyId: string, connectionId: string): Promise<void> {
    await this.ddb.send(
      new DeleteCommand({ TableName: this.tableName, Key: shardSessionKey(this.shard, companyId, connectionId) }),
    );
  }

  /** AP-SH1: every session of the shard, to resume on boot. */
  list(): Promise<RegisteredSession[]> {
    return listShardSessions(this.shard, { ddb: this.ddb, tableName: this.tableName });
  }

  /** AP-SH2: the host's liveness item (expires by TTL a day after the host stops refreshing it). */
  async heartbeat(beat: Omit<HostHeartbeat, 'aliveAt' | 'staleAfterSeconds'>): Promise<void> {
    await this.ddb.send(
      new PutCommand({
        TableName: this.tableName,
        Item: shardHostItem(this.shard, {
          ...beat,
          aliveAt: new Date().toISOString(),
          staleAfterSeconds: (HEARTBEAT_INTERVAL_MS / 1000) * 3,
        }),
      }),
    );
  }

  /** Written on graceful stop so readers need not wait for staleness. */
  async markStopped(hostId: string): Promise<void> {
    await this.ddb
      .send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: shardHostKey(this.shard),
          ConditionExpression: 'attribute_not_exists(PK) OR hostId = :me',
          ExpressionAttributeValues: { ':me': hostId },
        }),
      )
      .catch((err: Error) => {
        if (err.name !== 'ConditionalCheckFailedException') throw err;
      });
  }
}
