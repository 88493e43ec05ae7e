/**
 * Campaign pacers: one chain of dispatch-queue steps per (campaign, connection) sends that
 * connection's shippings one at a time (domain/campaign-sending/pacer-step.ts). The item holds where
 * the chain is; each step claims its number (`seq` → `seq + 1`, conditional) BEFORE it sends, so a
 * duplicated step message never sends twice, never starts a second chain nor doubles the rate. And the connection's daily send quota, shared by
 * every campaign on that connection.
 *
 *   pacer   PK = C#<cid>#CPACER#<campaignId>   SK = <connIndex, 2 digits>   (AP-CP2 one, AP-CP3 all of a campaign)
 *   quota   PK = C#<cid>#CQUOTA#<connectionId>  SK = <yyyy-mm-dd>  { sent }  TTL 3 d   (AP-CP4)
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { pad, tenantPk, ttlIn } from './keys';
import { queryAll, updateExpression, type Item } from './table-operations';
import { claimIfCondition, isConditionFailed, writeIfCondition } from './transactions';

export interface PacerRecord {
  companyId: string;
  campaignId: string;
  connIndex: number;
  connectionId: string;
  /** The step the chain is at: only a message carrying this number may act. */
  seq: number;
  /** The highest step whose message was queued (a crash between claim and queue is healed from it). */
  enqueuedSeq: number;
  /** The connection's next shipping position. */
  position: number;
  /** Sends since the last longer pause. */
  sinceLongPause: number;
  /** Epoch ms before which step `seq` must not send (a duplicate arriving early waits). */
  notBefore: number;
  /** The position the last claimed step sends (-1: it sent nothing): what a redelivery of that step completes. */
  sendingPosition: number;
}

export type PacerAdvance = Pick<PacerRecord, 'position' | 'sinceLongPause' | 'notBefore' | 'sendingPosition'>;

const pacerKey = (companyId: string, campaignId: string, connIndex: number) => ({
  PK: tenantPk(companyId, 'CPACER', campaignId),
  SK: pad(connIndex, 2),
});
const fromItem = (item: Item): PacerRecord => {
  const { PK: _pk, SK: _sk, claim: _claim, ...pacer } = item;
  return pacer as unknown as PacerRecord;
};

/** Creates the pacer at step 0 when missing (a second start keeps the first one's). */
export async function createPacer(
  p: Pick<PacerRecord, 'companyId' | 'campaignId' | 'connIndex' | 'connectionId'>,
): Promise<void> {
  const pacer: PacerRecord = {
    ...p,
    seq: 0,
    enqueuedSeq: -1,
    position: 0,
    sinceLongPause: 0,
    notBefore: 0,
    sendingPosition: -1,
  };
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...pacerKey(p.companyId, p.campaignId, p.connIndex), ...pacer },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** AP-CP2 (strongly consistent). */
export async function getPacer(companyId: string, campaignId: string, connIndex: number): Promise<PacerRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: pacerKey(companyId, campaignId, connIndex), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-CP3: the pacers of a campaign (at most 10: one per connection). */
export async function listPacers(companyId: string, campaignId: string): Promise<PacerRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pacerKey(companyId, campaignId, 0).PK },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

/**
 * Step `seq` done: the chain moves to `seq + 1`. False when another message of step `seq` got there
 * first; a write of this call that the SDK retried after it was applied is this call's (claimIfCondition).
 */
export async function advancePacer(pacer: PacerRecord, advance: PacerAdvance): Promise<boolean> {
  const key = pacerKey(pacer.companyId, pacer.campaignId, pacer.connIndex);
  return claimIfCondition(key, (claim) => {
    const parts = updateExpression({ ...advance, seq: pacer.seq + 1, claim });
    return ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        ...parts,
        ConditionExpression: '#seq = :seq',
        ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#seq': 'seq' },
        ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ':seq': pacer.seq },
      }),
    );
  });
}

/** The message of step `seq` is queued. */
export async function markPacerEnqueued(
  companyId: string,
  campaignId: string,
  connIndex: number,
  seq: number,
): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pacerKey(companyId, campaignId, connIndex),
        UpdateExpression: 'SET enqueuedSeq = :seq',
        ConditionExpression: 'enqueuedSeq < :seq',
        ExpressionAttributeValues: { ':seq': seq },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

export const QUOTA_TTL_SECONDS = 3 * 24 * 3600;

/** Takes one of the connection's `cap` sends of `day`; false when the day's quota is used up. */
export async function takeDailySend(companyId: string, connectionId: string, day: string, cap: number): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: tenantPk(companyId, 'CQUOTA', connectionId), SK: day },
        UpdateExpression: 'ADD sent :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
        ConditionExpression: 'attribute_not_exists(sent) OR sent < :cap',
        ExpressionAttributeValues: { ':one': 1, ':cap': cap, ':ttl': ttlIn(QUOTA_TTL_SECONDS) },
      }),
    ),
  );
}
