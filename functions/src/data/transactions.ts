/**
 * TransactWrite with readable failures. Entity modules build the items (they own the keys);
 * this module runs them and tells the caller WHICH condition failed, by the label it gave each item,
 * so the domain can answer ERR_EMAIL_ALREADY_EXISTS vs ERR_USER_LIMIT_ACTIVE without guessing.
 *
 * Each logical write is its own TransactWriteItems call with its own `ClientRequestToken`, kept for
 * every attempt of that write: a retry after a timeout whose first attempt did commit is answered
 * "done" by DynamoDB (within its 10-minute token window) instead of failing the conditions the first
 * attempt already changed. Unrelated callers are not merged into one call (docs/decisions.md
 * "Transactions apart, with a token").
 */
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';

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

/** Attempts after the first, for conflicts and transient failures (timeouts, throttling, 5xx). */
export const TRANSACTION_RETRIES = 5;

/**
 * Runs the items in one transaction (all or nothing). Retried with jittered backoff, under the same
 * token: a `TransactionConflict` (another transaction on the same items at that moment: after the
 * retry the conditions see the winner's writes, so concurrent creators of one unique value end with
 * exactly one success), the same token still in flight, and transient failures such as a timeout.
 */
export async function transactWrite(items: LabelledItem[]): Promise<void> {
  const input = { TransactItems: items.map((i) => i.item), ClientRequestToken: randomUUID() };
  for (let attempt = 0; ; attempt++) {
    let error: unknown;
    try {
      await ddb().send(new TransactWriteCommand(input));
      return;
    } catch (err) {
      error = err;
    }
    const failed = failedConditions(error);
    if (failed.length) throw new TransactionConditionFailed(failed.map((index) => items[index]!.label));
    if (attempt >= TRANSACTION_RETRIES || !isRetryable(error)) throw error;
    await new Promise((res) => setTimeout(res, backoffMs(attempt)));
  }
}

/** Whether a single-item conditional write failed its condition. */
export function isConditionFailed(err: unknown): boolean {
  return (err as Error)?.name === 'ConditionalCheckFailedException';
}

/**
 * One conditional write of its own (not a transaction's item): true when it was written, false when its
 * condition failed, which the caller names ("already claimed", "gone"); any other error is thrown.
 */
export async function writeIfCondition(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/**
 * A claim: a conditional write that knows itself again. `write(claim)` must also `SET claim = <claim>`
 * (a fresh token) on the item at `key`. The SDK retries a write that timed out, or that DynamoDB applied
 * before failing (a 500 after the write): that retry then fails the write's own condition, which
 * `writeIfCondition` alone would read as "another writer came first", and a chain whose claimer stops
 * there stops for good (a campaign's pacer, its planning: docs/faults.md "A campaign stalled by its own
 * claim"). On a failed condition the item's token is read (consistently): this write's own is a success.
 */
export async function claimIfCondition(
  key: Record<string, unknown>,
  write: (claim: string) => Promise<unknown>,
): Promise<boolean> {
  const claim = randomUUID();
  if (await writeIfCondition(() => write(claim))) return true;
  const held = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: key,
      ProjectionExpression: '#claim',
      ExpressionAttributeNames: { '#claim': 'claim' },
      ConsistentRead: true,
    }),
  );
  return held.Item?.claim === claim;
}

const backoffMs = (attempt: number) => 20 + Math.random() * 40 * 2 ** attempt;

const isTransactionCanceled = (err: unknown): err is TransactionCanceledException =>
  err instanceof TransactionCanceledException || (err as Error)?.name === 'TransactionCanceledException';

/** Indexes of the items whose condition failed (cancellation reasons come one per item, in order). */
function failedConditions(err: unknown): number[] {
  if (!isTransactionCanceled(err)) return [];
  return (err.CancellationReasons ?? []).flatMap((reason, index) =>
    reason?.Code === 'ConditionalCheckFailed' ? [index] : [],
  );
}

const TRANSIENT = new Set([
  'TransactionInProgressException', // the same token's first attempt is still running
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'NetworkingError',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);

function isRetryable(err: unknown): boolean {
  if (isTransactionCanceled(err)) {
    const codes = (err.CancellationReasons ?? []).map((reason) => reason?.Code);
    // Nobody named (no reasons given) is treated as a conflict too.
    return (
      codes.some(
        (code) => code === 'TransactionConflict' || code === 'ThrottlingError' || code === 'ProvisionedThroughputExceeded',
      ) || codes.every((code) => !code || code === 'None')
    );
  }
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return TRANSIENT.has(e?.name ?? '') || TRANSIENT.has(e?.code ?? '') || (e?.$metadata?.httpStatusCode ?? 0) >= 500;
}

/**
 * An Update built as a transaction item (a count move), written on its own: by a guarded order's
 * holder, where a transaction would bill it twice (data/contact-creation.ts, data/ticket-transitions.ts).
 */
export function updateAlone(move: LabelledItem): Promise<unknown> {
  if (!move.item.Update) throw new Error(`only an Update is written alone (${move.label})`);
  return ddb().send(new UpdateCommand(move.item.Update));
}
