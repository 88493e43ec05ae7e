/**
 * The connections' API-token locks: tokens are unique platform-wide and the external send API finds a
 * token's connection with one GetItem. The lock is keyed by the token's SHA-256, never by the token:
 *
 *   token lock         PK = P#APITOKENH#<sha256 hex>  SK = APITOKEN { companyId, connectionId }
 *   legacy token lock  PK = P#APITOKEN#<token>        SK = APITOKEN { companyId, connectionId }
 *
 * Connections made before the hash hold a legacy lock. It keeps working: the lookup falls back to it
 * and moves it to the hashed key on first use (`migrateLegacyTokenLock`); a token change or a delete
 * frees both; taking a token checks the legacy lock too, so uniqueness holds across the two.
 * (decisions.md "External API tokens looked up by hash".)
 */
import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { transactWrite, TransactionConditionFailed, type LabelledItem } from './transactions';

/** The label of the condition that fails when another connection holds the token. */
export const TOKEN_TAKEN = 'token';

export interface ApiTokenHolder {
  companyId: string;
  connectionId: string;
}

/** SHA-256 of an API token: the lock's key, and what the external API compares in constant time. */
export const apiTokenDigest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

const lockKey = (token: string) => ({ PK: platformPk('APITOKENH', apiTokenDigest(token).toString('hex')), SK: 'APITOKEN' });
const legacyLockKey = (token: string) => ({ PK: platformPk('APITOKEN', token), SK: 'APITOKEN' });
const heldByOrFree = 'attribute_not_exists(PK) OR connectionId = :connectionId';

/** Takes the token for this connection (label `token` fails when another connection holds it, under either key). */
export function takeToken(companyId: string, connectionId: string, token: string): LabelledItem[] {
  return [
    {
      label: TOKEN_TAKEN,
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...lockKey(token), companyId, connectionId },
          ConditionExpression: heldByOrFree,
          ExpressionAttributeValues: { ':connectionId': connectionId },
        },
      },
    },
    {
      label: TOKEN_TAKEN,
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: legacyLockKey(token),
          ConditionExpression: heldByOrFree,
          ExpressionAttributeValues: { ':connectionId': connectionId },
        },
      },
    },
  ];
}

/** Frees the token this connection held, under both keys (a lock another connection holds is left alone). */
export function releaseToken(connectionId: string, token: string): LabelledItem[] {
  return [lockKey(token), legacyLockKey(token)].map((Key) => ({
    label: 'oldToken',
    item: {
      Delete: {
        TableName: tableName(),
        Key,
        ConditionExpression: heldByOrFree,
        ExpressionAttributeValues: { ':connectionId': connectionId },
      },
    },
  }));
}

async function readLock(key: Record<string, string>): Promise<ApiTokenHolder | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = out.Item as { companyId?: unknown; connectionId?: unknown } | undefined;
  return typeof item?.companyId === 'string' && typeof item.connectionId === 'string'
    ? { companyId: item.companyId, connectionId: item.connectionId }
    : undefined;
}

/**
 * AP-W5: the connection holding an API token, by the token's hash; a token whose connection predates
 * the hash is found by its legacy lock (`legacy: true`: the caller migrates it once it has checked the
 * connection), and when neither is there the hash is read again, since a concurrent first use moves
 * one to the other between the two reads (an unknown token costs three reads). The caller still
 * compares the connection's own token (the lock may be stale or mid-move).
 */
export async function getApiTokenHolder(token: string): Promise<(ApiTokenHolder & { legacy: boolean }) | undefined> {
  const holder = await readLock(lockKey(token));
  if (holder) return { ...holder, legacy: false };
  const legacy = await readLock(legacyLockKey(token)); // AP-W5 (legacy)
  if (legacy) return { ...legacy, legacy: true };
  // A concurrent first use may have moved the legacy lock to the hash between the two reads.
  const moved = await readLock(lockKey(token));
  return moved ? { ...moved, legacy: false } : undefined;
}

/**
 * Moves a connection's legacy lock to the hashed key, while the connection still holds that token
 * (idempotent: concurrent first uses both succeed; false when the token moved meanwhile).
 */
export async function migrateLegacyTokenLock(
  holder: ApiTokenHolder,
  token: string,
  connectionKey: Record<string, string>,
): Promise<boolean> {
  try {
    await transactWrite([
      ...takeToken(holder.companyId, holder.connectionId, token).slice(0, 1),
      {
        label: 'legacy',
        item: {
          Delete: {
            TableName: tableName(),
            Key: legacyLockKey(token),
            ConditionExpression: heldByOrFree,
            ExpressionAttributeValues: { ':connectionId': holder.connectionId },
          },
        },
      },
      {
        label: 'connection',
        item: {
          ConditionCheck: {
            TableName: tableName(),
            Key: connectionKey,
            ConditionExpression: '#token = :token',
            ExpressionAttributeNames: { '#token': 'token' },
            ExpressionAttributeValues: { ':token': token },
          },
        },
      },
    ]);
    return true;
  } catch (err) {
    if (err instanceof TransactionConditionFailed) return false;
    throw err;
  }
}
