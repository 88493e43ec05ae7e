/** Field rules shared by create and update. */
import { applyTransferRules, CONNECTION_MSG, type TransferFields } from '@atende/shared';
import { getQueueRefs } from '../../data/queues';
import { AppError } from '../../platform/app-error';

/** Spec §5 transfer rules with their own codes and the spec's messages; returns the cleared values. */
export function checkTransferRules(fields: TransferFields): {
  timeToTransfer: number | null;
  transferQueueId: string | null;
} {
  const rule = applyTransferRules(fields);
  if (!rule.ok) throw new AppError(rule.code, 400, { fields: { transferQueueId: rule.message } });
  return { timeToTransfer: rule.timeToTransfer, transferQueueId: rule.transferQueueId };
}

/** Queue ids must name queues of the caller's company (they are read with the company's key prefix). */
export async function assertQueuesExist(companyId: string, queueIds: string[]): Promise<void> {
  if (!queueIds.length) return;
  const found = new Set((await getQueueRefs(companyId, queueIds)).map((q) => q.id));
  if (queueIds.some((id) => !found.has(id))) {
    throw new AppError('ERR_VALIDATION', 400, { fields: { queueIds: CONNECTION_MSG.unknownQueue } });
  }
}

/** How often a transaction that lost a race on the company's meta item is retried with fresh reads. */
export const META_RACE_RETRIES = 3;
