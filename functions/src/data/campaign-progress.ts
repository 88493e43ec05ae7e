/**
 * A campaign's progress: its planning cursor and its report counters, in one small item per campaign.
 *
 *   progress  PK = C#<cid>#CPROG   SK = <campaignId>   (AP-CP1)
 *
 * Planning moves forward one step at a time with a conditional write on `planStep` (and a lease, so a
 * redelivered step never runs beside the one still writing). Counters move with `ADD`, in the same
 * transaction as the shipping transition they count (`progressCount`), so each is counted once.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import type { Item } from './table-operations';
import { claimIfCondition, isConditionFailed, type LabelledItem } from './transactions';

export type ProgressCounter = 'planned' | 'validContacts' | 'delivered' | 'confirmationRequested' | 'confirmed' | 'failed';

export interface CampaignProgress {
  companyId: string;
  campaignId: string;
  /** Steps completed; the next step to run is `planStep`. */
  planStep: number;
  /** The target's cursor for the next page (null: from the start). */
  planCursor: string | null;
  planDone: boolean;
  /** Epoch ms until which the claimed step belongs to the invocation that claimed it. */
  leaseUntil: number;
  /** Items of the target read so far (valid or not). */
  targetSeen: number;
  validContacts: number;
  planned: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  failed: number;
  /** The highest step whose message was queued (a crash between completing a step and queueing the next is healed from it). */
  planQueued: number;
  /** Connection indexes whose pacer reached the end. */
  pacersDone: number[];
}

const progressKey = (companyId: string, campaignId: string) => ({ PK: tenantPk(companyId, 'CPROG'), SK: campaignId });

const EMPTY = {
  planStep: 0,
  planCursor: null,
  planDone: false,
  leaseUntil: 0,
  planQueued: 0,
  targetSeen: 0,
  validContacts: 0,
  planned: 0,
  delivered: 0,
  confirmationRequested: 0,
  confirmed: 0,
  failed: 0,
};

const fromItem = (item: Item): CampaignProgress => {
  const { PK: _pk, SK: _sk, claim: _claim, pacersDone, ...rest } = item;
  return {
    ...EMPTY,
    ...rest,
    pacersDone: pacersDone ? [...(pacersDone as Set<number>)].map(Number).sort() : [],
  } as CampaignProgress;
};

/** Creates the progress item when missing (a second start keeps the first one's). */
export async function createProgress(companyId: string, campaignId: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: progressKey(companyId, campaignId),
        UpdateExpression: 'SET companyId = :c, campaignId = :id, planStep = :zero, planDone = :no, leaseUntil = :zero',
        ConditionExpression: 'attribute_not_exists(PK)',
        ExpressionAttributeValues: { ':c': companyId, ':id': campaignId, ':zero': 0, ':no': false },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** AP-CP1 (strongly consistent). */
export async function getProgress(companyId: string, campaignId: string): Promise<CampaignProgress | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: progressKey(companyId, campaignId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * Claims planning step `step` until `leaseUntil`: false when it already ran or another invocation holds
 * it (a retried write of this call's own is this call's: claimIfCondition).
 */
export async function claimPlanStep(
  companyId: string,
  campaignId: string,
  step: number,
  now: number,
  leaseUntil: number,
): Promise<boolean> {
  const key = progressKey(companyId, campaignId);
  return claimIfCondition(key, (claim) =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET leaseUntil = :until, claim = :claim',
        ConditionExpression: 'planStep = :step AND planDone = :no AND leaseUntil < :now',
        ExpressionAttributeValues: { ':until': leaseUntil, ':step': step, ':no': false, ':now': now, ':claim': claim },
      }),
    ),
  );
}

/**
 * Completes step `step`: moves the cursor and counts what it planned (once: conditional on the step; a
 * retried write of this call's own is this call's, so the next step is queued: claimIfCondition).
 */
export async function completePlanStep(
  companyId: string,
  campaignId: string,
  step: number,
  result: { cursor: string | null; done: boolean; seen: number; valid: number },
): Promise<boolean> {
  const key = progressKey(companyId, campaignId);
  return claimIfCondition(key, (claim) =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression:
          'SET planStep = :next, planCursor = :cursor, planDone = :done, leaseUntil = :zero, claim = :claim ADD targetSeen :seen, validContacts :valid, planned :valid',
        ConditionExpression: 'planStep = :step',
        ExpressionAttributeValues: {
          ':next': step + 1,
          ':cursor': result.cursor,
          ':done': result.done,
          ':zero': 0,
          ':seen': result.seen,
          ':valid': result.valid,
          ':step': step,
          ':claim': claim,
        },
      }),
    ),
  );
}

/** The message of planning step `step` is queued. */
export async function markPlanQueued(companyId: string, campaignId: string, step: number): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: progressKey(companyId, campaignId),
        UpdateExpression: 'SET planQueued = :step',
        ConditionExpression: 'attribute_not_exists(planQueued) OR planQueued < :step',
        ExpressionAttributeValues: { ':step': step },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** A transaction item adding to counters (with the shipping transition it counts). */
export const progressCount = (
  companyId: string,
  campaignId: string,
  deltas: Partial<Record<ProgressCounter, number>>,
): LabelledItem => {
  const entries = Object.entries(deltas).filter(([, n]) => n);
  return {
    label: 'progress',
    item: {
      Update: {
        TableName: tableName(),
        Key: progressKey(companyId, campaignId),
        UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n])),
      },
    },
  };
};

/** Records that pacer `connIndex` reached the end; answers the set of finished pacers after the write. */
export async function markPacerDone(companyId: string, campaignId: string, connIndex: number): Promise<number[]> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: progressKey(companyId, campaignId),
      UpdateExpression: 'ADD pacersDone :me',
      ExpressionAttributeValues: { ':me': new Set([connIndex]) },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(out.Attributes!).pacersDone;
}
