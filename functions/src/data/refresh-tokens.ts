/**
 * Refresh-token families (ARCHITECTURE.md "Auth"). A login starts a family; every refresh marks the
 * presented token `used` and adds a new `active` one. A `used` token presented again means the cookie
 * was copied: the whole family is revoked. Only SHA-256 hashes are stored.
 *
 *   family   PK = C#<cid>#SESSION#<fid>   SK = FAMILY          { userId, revoked, expiresAt, absoluteExpiresAt }
 *            GSI1PK = C#<cid>#USERSESSIONS#<uid>   GSI1SK = <fid>   (a user's families, to revoke them all)
 *   token    PK = C#<cid>#SESSION#<fid>   SK = TOKEN#<sha256>  { state: active | used, expiresAt }
 *
 * `expiresAt` (epoch seconds) is the table's TTL attribute; reads also compare it, since TTL deletes late.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { queryAll } from './table-operations';
import { tenantPk } from './keys';
import { transactWrite } from './transactions';

export interface RefreshFamily {
  companyId: string;
  familyId: string;
  userId: string;
  revoked: boolean;
  expiresAt: number;
  /** Epoch seconds after which no refresh extends the family, however active (absent on families from before the cap). */
  absoluteExpiresAt?: number;
}

export interface RefreshTokenRecord {
  state: 'active' | 'used';
  expiresAt: number;
  /** When the token was rotated (ISO), for the concurrent-refresh grace window. */
  usedAt?: string;
}

export const REFRESH_WRITE = { token: 'token', family: 'family' } as const;

const familyPk = (companyId: string, familyId: string) => tenantPk(companyId, 'SESSION', familyId);
const familyKey = (companyId: string, familyId: string) => ({ PK: familyPk(companyId, familyId), SK: 'FAMILY' });
const tokenKey = (companyId: string, familyId: string, tokenHash: string) => ({
  PK: familyPk(companyId, familyId),
  SK: `TOKEN#${tokenHash}`,
});
const userSessionsPk = (companyId: string, userId: string) => tenantPk(companyId, 'USERSESSIONS', userId);

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Starts a family with its first token. */
export async function insertFamily(f: {
  companyId: string;
  familyId: string;
  userId: string;
  tokenHash: string;
  expiresAt: number;
  absoluteExpiresAt: number;
}): Promise<void> {
  const createdAt = new Date().toISOString();
  await transactWrite([
    {
      label: REFRESH_WRITE.family,
      item: {
        Put: {
          TableName: tableName(),
          ConditionExpression: 'attribute_not_exists(PK)',
          Item: {
            ...familyKey(f.companyId, f.familyId),
            GSI1PK: userSessionsPk(f.companyId, f.userId),
            GSI1SK: f.familyId,
            companyId: f.companyId,
            familyId: f.familyId,
            userId: f.userId,
            revoked: false,
            createdAt,
            expiresAt: f.expiresAt,
            absoluteExpiresAt: f.absoluteExpiresAt,
          },
        },
      },
    },
    {
      label: REFRESH_WRITE.token,
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...tokenKey(f.companyId, f.familyId, f.tokenHash), state: 'active', createdAt, expiresAt: f.expiresAt },
        },
      },
    },
  ]);
}

/** AP-RT1: a family and one of its tokens, strongly consistent (reuse detection must see the latest state). */
export async function getFamilyToken(
  companyId: string,
  familyId: string,
  tokenHash: string,
): Promise<{ family?: RefreshFamily; token?: RefreshTokenRecord }> {
  const [family, token] = await Promise.all([
    ddb().send(new GetCommand({ TableName: tableName(), Key: familyKey(companyId, familyId), ConsistentRead: true })),
    ddb().send(
      new GetCommand({ TableName: tableName(), Key: tokenKey(companyId, familyId, tokenHash), ConsistentRead: true }),
    ),
  ]);
  return {
    family: family.Item
      ? {
          companyId,
          familyId,
          userId: family.Item.userId as string,
          revoked: family.Item.revoked === true,
          expiresAt: Number(family.Item.expiresAt),
          ...(family.Item.absoluteExpiresAt !== undefined
            ? { absoluteExpiresAt: Number(family.Item.absoluteExpiresAt) }
            : {}),
        }
      : undefined,
    token: token.Item
      ? {
          state: token.Item.state as RefreshTokenRecord['state'],
          expiresAt: Number(token.Item.expiresAt),
          usedAt: token.Item.usedAt as string | undefined,
        }
      : undefined,
  };
}

/**
 * Marks `oldHash` used and adds `newHash` as the family's active token, in one transaction.
 * Label `token`: the old token was no longer active (a concurrent refresh used it first).
 * Label `family`: the family was revoked meanwhile.
 */
export async function rotateToken(r: {
  companyId: string;
  familyId: string;
  oldHash: string;
  newHash: string;
  expiresAt: number;
}): Promise<void> {
  const now = new Date().toISOString();
  await transactWrite([
    {
      label: REFRESH_WRITE.token,
      item: {
        Update: {
          TableName: tableName(),
          Key: tokenKey(r.companyId, r.familyId, r.oldHash),
          UpdateExpression: 'SET #state = :used, usedAt = :now',
          ConditionExpression: '#state = :active AND expiresAt > :nowSec',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':used': 'used', ':active': 'active', ':now': now, ':nowSec': nowSeconds() },
        },
      },
    },
    ...newActiveToken(r, now),
  ]);
}

/**
 * Adds `newHash` as another active token of a live family without consuming any token: the
 * answer to a benign concurrent refresh (two tabs presenting the same cookie at once).
 */
export async function addSiblingToken(r: {
  companyId: string;
  familyId: string;
  newHash: string;
  expiresAt: number;
}): Promise<void> {
  await transactWrite(newActiveToken(r, new Date().toISOString()));
}

/** The new token's put and the family's touch, conditioned on the family not being revoked. */
function newActiveToken(r: { companyId: string; familyId: string; newHash: string; expiresAt: number }, now: string) {
  return [
    {
      label: 'newToken',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...tokenKey(r.companyId, r.familyId, r.newHash), state: 'active', createdAt: now, expiresAt: r.expiresAt },
        },
      },
    },
    {
      label: REFRESH_WRITE.family,
      item: {
        Update: {
          TableName: tableName(),
          Key: familyKey(r.companyId, r.familyId),
          UpdateExpression: 'SET lastUsedAt = :now, expiresAt = :exp',
          ConditionExpression: 'attribute_exists(PK) AND revoked = :false',
          ExpressionAttributeValues: { ':now': now, ':exp': r.expiresAt, ':false': false },
        },
      },
    },
  ];
}

/** Revokes one family (logout, reuse detected). Missing families are left missing. */
export async function revokeFamily(companyId: string, familyId: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: familyKey(companyId, familyId),
        UpdateExpression: 'SET revoked = :true, revokedAt = :now',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':true': true, ':now': new Date().toISOString() },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
  }
}

/** AP-RT2: the ids of a user's families that are not revoked yet. */
export async function listOpenFamilyIds(companyId: string, userId: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'revoked = :false',
    ExpressionAttributeValues: { ':pk': userSessionsPk(companyId, userId), ':false': false },
  });
  return items.map((item) => item.familyId as string);
}
