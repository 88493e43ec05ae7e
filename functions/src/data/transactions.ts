/**
 * TransactWrite with readable failures. Entity modules build the items (they own the keys);
 * this module runs them and tells the caller WHICH condition failed, by the label it gave each item,
 * so the domain can answer ERR_EMAIL_ALREADY_EXISTS vs ERR_USER_LIMIT_ACTIVE without guessing.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item plus the name the caller uses to recognise its condition failing. */
export interface LabelledItem {
  label: string;
  item: TransactItem;
}

/** Thrown when one or more conditions failed; `failed` holds the labels of those items. */
export class TransactionConditionFailed extends Error {
  constructor(readonly failed: string[]) {
    super(`transaction condition failed: ${failed.join(', ')}`);
    this.name = 'TransactionConditionFailed';
  }
  has(label: string): boolean {
    return this.failed.includes(label);
  }
}

const CONFLICT_RETRIES = 4;

/**
 * Runs the items in one transaction. A `TransactionConflict` (another transaction touching the same
 * items at the same moment) is retried with jitter: after the retry the conditions see the winner's
 * writes, so concurrent creators of the same unique value end with exactly one success.
 */
export async function transactWrite(items: LabelledItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items.map((i) => i.item) }));
      return;
    } catch (err) {
      if (!(err instanceof TransactionCanceledException) && (err as Error).name !== 'TransactionCanceledException')
        throw err;
      const reasons = (err as TransactionCanceledException).CancellationReasons ?? [];
      const failed = reasons
        .map((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? items[index]?.label : undefined))
        .filter((label): label is string => !!label);
      if (failed.length) throw new TransactionConditionFailed(failed);
      const conflict =
        reasons.some((r) => r.Code === 'TransactionConflict') || (err as Error).message?.includes('TransactionConflict');
      if (!conflict || attempt >= CONFLICT_RETRIES) throw err;
      await new Promise((res) => setTimeout(res, 20 + Math.random() * 60 * (attempt + 1)));
    }
  }
}

/** Whether a single-item conditional write failed its condition. */
export function isConditionFailed(err: unknown): boolean {
  return (err as Error)?.name === 'ConditionalCheckFailedException';
}
