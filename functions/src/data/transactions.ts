/**
 * TransactWrite with readable failures. Entity modules build the items (they own the keys);
 * this module runs them and tells the caller WHICH condition failed, by the label it gave each item,
 * so the domain can answer ERR_EMAIL_ALREADY_EXISTS vs ERR_USER_LIMIT_ACTIVE without guessing.
 * Transactions started in the same turn of the event loop (the records of one SQS batch) share a
 * TransactWriteItems call (transaction-groups.ts); each caller still gets its own outcome.
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { runTogether } from './transaction-groups';

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
 * Runs the items in one transaction (all or nothing). A `TransactionConflict` (another transaction
 * touching the same items at the same moment) is retried with jitter: after the retry the conditions
 * see the winner's writes, so concurrent creators of the same unique value end with exactly one success.
 */
export async function transactWrite(items: LabelledItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await runTogether(items.map((i) => i.item));
    if (outcome.kind === 'done') return;
    if (outcome.kind === 'conditionFailed')
      throw new TransactionConditionFailed(outcome.failedIndexes.map((index) => items[index]!.label));
    if (outcome.kind === 'error') throw outcome.error;
    if (attempt >= CONFLICT_RETRIES) throw outcome.error;
    await new Promise((res) => setTimeout(res, 20 + Math.random() * 60 * (attempt + 1)));
  }
}

/** Whether a single-item conditional write failed its condition. */
export function isConditionFailed(err: unknown): boolean {
  return (err as Error)?.name === 'ConditionalCheckFailedException';
}
