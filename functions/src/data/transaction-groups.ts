/**
 * Transactions started in the same turn of the event loop leave together, as one TransactWriteItems
 * call of up to 100 actions, instead of one call each (`turnBatches`: alone, a transaction leaves
 * on the next turn; under load, the records of a batch share calls).
 * Each caller keeps the semantics of ITS transaction:
 * - DynamoDB cancels the whole call when one caller's condition fails; its cancellation reasons say
 *   which actions failed, so that caller gets `conditionFailed` (or `conflict`), and the callers
 *   whose actions were all fine ("None") are sent again without it;
 * - transactions touching the same item never share a call (DynamoDB refuses two actions on one item):
 *   the later one waits for the next call, in call order;
 * - any other error of a shared call (validation, size), or reasons that cannot be matched to the
 *   actions, sends each caller's transaction alone, so only the faulty one fails.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';
import { turnBatches } from './turn-batches';
import type { TransactItem } from './transactions';

export type TransactionOutcome =
  | { kind: 'done' }
  | { kind: 'conditionFailed'; failedIndexes: number[] }
  | { kind: 'conflict'; error: Error }
  | { kind: 'error'; error: Error };

const MAX_ACTIONS = 100;

let together: ((items: TransactItem[]) => Promise<TransactionOutcome>) | undefined;

export function runTogether(items: TransactItem[]): Promise<TransactionOutcome> {
  together ??= turnBatches(runGroups);
  return together(items);
}

async function runGroups(transactions: readonly TransactItem[][]): Promise<TransactionOutcome[]> {
  const outcomes: TransactionOutcome[] = [];
  let pending = transactions.map((_, index) => index);
  let alone = false;
  while (pending.length) {
    const retry: number[] = [];
    for (const group of alone ? pending.map((index) => [index]) : groupsOf(pending, transactions)) {
      const result = await send(group.map((index) => transactions[index]!));
      if (result.kind === 'split') {
        retry.push(...group);
        alone = true;
        continue;
      }
      group.forEach((index, position) => {
        const outcome = result.outcomes[position];
        if (outcome) outcomes[index] = outcome;
        else retry.push(index); // cancelled for another caller's sake
      });
    }
    pending = retry.sort((a, b) => a - b);
  }
  return outcomes;
}

/** Consecutive callers packed into calls of ≤ 100 actions with no item twice. */
function groupsOf(pending: number[], transactions: readonly TransactItem[][]): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let keys = new Set<string>();
  let actions = 0;
  for (const index of pending) {
    const own = transactions[index]!.map(itemKey);
    if (current.length && (actions + own.length > MAX_ACTIONS || own.some((key) => keys.has(key)))) {
      groups.push(current);
      current = [];
      keys = new Set();
      actions = 0;
    }
    current.push(index);
    for (const key of own) keys.add(key);
    actions += own.length;
  }
  if (current.length) groups.push(current);
  return groups;
}

type SendResult = { kind: 'split' } | { kind: 'sent'; outcomes: (TransactionOutcome | undefined)[] };

/** One call for `group`; per caller its outcome, or undefined when it must be sent again. */
async function send(group: TransactItem[][]): Promise<SendResult> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: group.flat() }));
    return { kind: 'sent', outcomes: group.map(() => ({ kind: 'done' })) };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    if (!isTransactionCanceled(err)) {
      if (group.length > 1) return { kind: 'split' };
      return { kind: 'sent', outcomes: [{ kind: 'error', error }] };
    }
    const reasons = err.CancellationReasons ?? [];
    // Reasons come one per action, in order; without that (DynamoDB Local on a validation error
    // gives only the failing one) nobody can be blamed from them: each caller is sent alone.
    if (group.length > 1 && reasons.length !== group.flat().length) return { kind: 'split' };
    let offset = 0;
    const outcomes = group.map((items): TransactionOutcome | undefined => {
      const own = reasons.slice(offset, offset + items.length).map((reason) => reason?.Code);
      offset += items.length;
      const failedIndexes = own.flatMap((code, index) => (code === 'ConditionalCheckFailed' ? [index] : []));
      if (failedIndexes.length) return { kind: 'conditionFailed', failedIndexes };
      if (own.includes('TransactionConflict')) return { kind: 'conflict', error };
      if (own.some((code) => code && code !== 'None')) return { kind: 'error', error };
      return undefined;
    });
    // Nobody to blame (no reasons given): each caller sees the cancellation as a conflict and retries.
    if (outcomes.every((outcome) => outcome === undefined))
      return { kind: 'sent', outcomes: group.map(() => ({ kind: 'conflict', error })) };
    return { kind: 'sent', outcomes };
  }
}

const isTransactionCanceled = (err: unknown): err is TransactionCanceledException =>
  err instanceof TransactionCanceledException || (err as Error)?.name === 'TransactionCanceledException';

function itemKey(item: TransactItem): string {
  const action = item.Put ?? item.Update ?? item.Delete ?? item.ConditionCheck;
  const key = (item.Put ? item.Put.Item : (action as { Key?: Record<string, unknown> } | undefined)?.Key) ?? {};
  return `${action?.TableName}\u0000${String(key.PK)}\u0000${String(key.SK)}`;
}
