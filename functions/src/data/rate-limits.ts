/**
 * Failure counters for rate limits (login: spec/brief "5 failures per e-mail or IP within 5 minutes").
 * A window opens at the first failure and lasts `windowSeconds`; the counter is an atomic ADD.
 * Platform data: the caller is not authenticated yet, so there is no company to prefix.
 *
 *   PK = P#RATELIMIT#<scope>#<subject>   SK = WINDOW   { count, windowEndsAt, expiresAt }
 *
 * And the per-company request windows of the REST API (platform/company-rate-limit.ts): one item per
 * company and fixed window, a new partition key each window (no key stays hot), gone by TTL.
 *
 *   PK = P#RATELIMIT#company#<cid>#<window>   SK = COUNT   { count, expiresAt }   (AP-RL2)
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { isConditionFailed } from './transactions';

export interface FailureWindow {
  count: number;
  /** Epoch seconds when the window closes. */
  windowEndsAt: number;
}

const windowKey = (scope: string, subject: string) => ({ PK: platformPk('RATELIMIT', scope, subject), SK: 'WINDOW' });
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** AP-RL1: the open window for a subject, if any (closed windows read as none: TTL deletes late). */
export async function getOpenWindow(scope: string, subject: string): Promise<FailureWindow | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: windowKey(scope, subject), ConsistentRead: true }),
  );
  const endsAt = Number(out.Item?.windowEndsAt ?? 0);
  return out.Item && endsAt > nowSeconds() ? { count: Number(out.Item.count ?? 0), windowEndsAt: endsAt } : undefined;
}

/** Counts one failure: adds to the open window, or opens a new one. Safe under concurrency. */
export async function recordFailure(scope: string, subject: string, windowSeconds: number): Promise<FailureWindow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = nowSeconds();
    try {
      const out = await ddb().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: windowKey(scope, subject),
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'windowEndsAt > :now',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { count: Number(out.Attributes?.count), windowEndsAt: Number(out.Attributes?.windowEndsAt) };
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
    const fresh = { count: 1, windowEndsAt: now + windowSeconds };
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...windowKey(scope, subject), ...fresh, expiresAt: fresh.windowEndsAt + 60 },
          ConditionExpression: 'attribute_not_exists(PK) OR windowEndsAt <= :now',
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return fresh;
    } catch (err) {
      if (!isConditionFailed(err)) throw err; // another failure opened the window first: add to it
    }
  }
  throw new Error('rate-limit window kept changing');
}

export async function clearWindow(scope: string, subject: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: windowKey(scope, subject) }));
}

/**
 * AP-RL2: adds `n` requests to the company's window `window` (epoch seconds / window length) and
 * answers the window's total: one UpdateItem, whatever `n`.
 */
export async function addCompanyRequests(companyId: string, window: number, n: number, expiresAt: number): Promise<number> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { PK: platformPk('RATELIMIT', 'company', companyId, String(window)), SK: 'COUNT' },
      UpdateExpression: 'ADD #count :n SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':n': n, ':exp': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.count ?? n);
}
