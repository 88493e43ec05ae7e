/**
 * `Idempotency-Key`s of the external send API (issue 27 item 4): a key is claimed with a hash of the
 * request it came with, and later holds the answer given. Scoped to the connection whose token sent it
 * (two integrators may pick the same key); gone after its TTL (DynamoDB's TTL deletes late, so reads
 * treat an expired item as absent).
 *
 *   key  PK = C#<cid>#IDEMP#<connectionId>#<key>  SK = IDEMP  { requestHash, answer?, expiresAt }
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk, ttlIn } from './keys';
import { isConditionFailed } from './transactions';

export interface IdempotencyRecord<A> {
  requestHash: string;
  /** Absent while the first request is still running (or if it failed). */
  answer?: A;
}

const idempotencyKey = (companyId: string, connectionId: string, key: string) => ({
  PK: tenantPk(companyId, 'IDEMP', connectionId, key),
  SK: 'IDEMP',
});
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * AP-IK1: takes the key for this request. Answers undefined when this call took it, else the record
 * of the request that holds it.
 */
export async function claimIdempotencyKey<A>(
  companyId: string,
  connectionId: string,
  key: string,
  requestHash: string,
  ttlSeconds: number,
): Promise<IdempotencyRecord<A> | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...idempotencyKey(companyId, connectionId, key), requestHash, expiresAt: ttlIn(ttlSeconds) },
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': nowSeconds() },
        }),
      );
      return undefined;
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
    }
    const out = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: idempotencyKey(companyId, connectionId, key), ConsistentRead: true }),
    );
    if (out.Item && Number(out.Item.expiresAt) > nowSeconds()) {
      const answer = out.Item.answer as A | undefined;
      return { requestHash: String(out.Item.requestHash), ...(answer !== undefined ? { answer } : {}) };
    }
  }
  throw new Error('idempotency key kept changing');
}

/** AP-IK2: records the answer given for the key (a retry then gets it without sending again). */
export async function saveIdempotentAnswer<A>(
  companyId: string,
  connectionId: string,
  key: string,
  answer: A,
): Promise<void> {
  await ddb()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: idempotencyKey(companyId, connectionId, key),
        UpdateExpression: 'SET answer = :answer',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':answer': answer },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailed(err)) throw err; // expired meanwhile: nothing to keep
    });
}
