/**
 * The shard's registry: which sessions this shard should be running, so a restarted (or moved)
 * host resumes them on boot. `P#SHARD#<n>` / `<companyId>#<connectionId>`, one item per session,
 * plus one `HOST` item the host refreshes as a liveness heartbeat.
 */
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AdapterKind } from '@atende/shared';
import { platformPk, ttlIn } from '@atende/functions/data/keys';

export interface RegisteredSession {
  companyId: string;
  connectionId: string;
  adapter: AdapterKind;
  registeredAt: string;
}

export interface HostHeartbeat {
  hostId: string;
  startedAt: string;
  aliveAt: string;
  /** The API may treat the shard's sessions as DISCONNECTED once `aliveAt` is older than this many seconds. */
  staleAfterSeconds: number;
  sessions: number;
  connected: number;
}

const HOST_SK = 'HOST';
export const HEARTBEAT_INTERVAL_MS = 30_000;

export const shardPk = (shard: number) => platformPk('SHARD', String(shard));
const sessionSk = (companyId: string, connectionId: string) => `${companyId}#${connectionId}`;

export class ShardRegistry {
  constructor(
    private readonly ddb: DynamoDBDocumentClient,
    private readonly tableName: string,
    readonly shard: number,
  ) {}

  async register(session: Omit<RegisteredSession, 'registeredAt'>): Promise<void> {
    await this.ddb.send(new PutCommand({
      TableName: this.tableName,
      Item: {
        PK: shardPk(this.shard),
        SK: sessionSk(session.companyId, session.connectionId),
        entity: 'shardSession',
        ...session,
        registeredAt: new Date().toISOString(),
      },
    }));
  }

  async unregister(companyId: string, connectionId: string): Promise<void> {
    await this.ddb.send(new DeleteCommand({ TableName: this.tableName, Key: { PK: shardPk(this.shard), SK: sessionSk(companyId, connectionId) } }));
  }

  /** AP-SH1: every session of the shard, to resume on boot. */
  async list(): Promise<RegisteredSession[]> {
    const sessions: RegisteredSession[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.ddb.send(new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': shardPk(this.shard) },
        ConsistentRead: true,
        ExclusiveStartKey,
      }));
      for (const item of page.Items ?? []) {
        if (item.entity !== 'shardSession') continue;
        sessions.push({
          companyId: item.companyId as string,
          connectionId: item.connectionId as string,
          adapter: item.adapter as AdapterKind,
          registeredAt: item.registeredAt as string,
        });
      }
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return sessions;
  }

  /** AP-SH2: the host's liveness item (expires by TTL a day after the host stops refreshing it). */
  async heartbeat(beat: Omit<HostHeartbeat, 'aliveAt' | 'staleAfterSeconds'>): Promise<void> {
    await this.ddb.send(new PutCommand({
      TableName: this.tableName,
      Item: {
        PK: shardPk(this.shard),
        SK: HOST_SK,
        entity: 'shardHost',
        ...beat,
        aliveAt: new Date().toISOString(),
        staleAfterSeconds: (HEARTBEAT_INTERVAL_MS / 1000) * 3,
        expiresAt: ttlIn(24 * 3600),
      },
    }));
  }

  /** Written on graceful stop so readers need not wait for staleness. */
  async markStopped(hostId: string): Promise<void> {
    await this.ddb.send(new DeleteCommand({
      TableName: this.tableName,
      Key: { PK: shardPk(this.shard), SK: HOST_SK },
      ConditionExpression: 'attribute_not_exists(PK) OR hostId = :me',
      ExpressionAttributeValues: { ':me': hostId },
    })).catch((err: Error) => {
      if (err.name !== 'ConditionalCheckFailedException') throw err;
    });
  }
}
