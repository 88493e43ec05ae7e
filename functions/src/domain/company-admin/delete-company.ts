/**
 * `DELETE /companies/{id}` (super users): the company goes with all of its data, and its users are
 * logged out. In the request, bounded by the plan (users, connections):
 *   1. the company is retired (inactive, out of the directory, name free): sign-in and refresh refuse it;
 *   2. every user is removed and their refresh sessions revoked: access tokens fail every write and
 *      privileged read at once (platform/fresh-rights.ts), and GET /auth/me;
 *   3. `company-{id}-changed` (delete) is published: the fan-out finds the sockets' owners gone,
 *      sends them the last `revoked` frame and closes them (the mechanism of deleted users);
 *   4. every connection's session is logged out on its shard and the connection removed (shard load);
 *   5. the purge job is put on the due index.
 * The job (`runCompanyPurge`) then erases every remaining item off the request path, page by page,
 * saving its resume point, and re-queues itself past its time budget. A repeated DELETE answers the
 * progress instead of starting again.
 */
import type { CompanyDeletionDto } from '@atende/shared';
import { getCompany, retireCompany } from '../../data/companies';
import {
  deleteItems,
  getPurgeProgress,
  removeFromPlatformTotals,
  savePurgeProgress,
  scanCompanyItems,
  startPurge,
  type PurgeProgress,
} from '../../data/company-purge';
import { deleteConnectionRecord, getConnectionMeta, listConnections } from '../../data/connections';
import { epochMinute, type DueJob } from '../../data/due-work';
import { TransactionConditionFailed } from '../../data/transactions';
import { listAllUsers, removeUser } from '../../data/users';
import { AppError, forbidden } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { logger } from '../../platform/logger';
import { publish } from '../../platform/realtime-publisher';
import { deleteCompanyObjects } from '../../platform/storage';
import { sendSessionCommand } from '../connections/session-commands';
import { revokeUserSessions } from '../credentials/refresh-sessions';
import { cancelDueWork, scheduleDueWork } from '../scheduler/due-work';

export const COMPANY_PURGE_JOB = 'company.purge';
/** A run stops after this much work and queues its continuation (Lambda's limit is far above). */
const RUN_BUDGET_MS = 60_000;

const toDto = (p: PurgeProgress): CompanyDeletionDto => ({
  companyId: p.purgedCompanyId,
  state: p.state,
  deleted: p.deleted,
  startedAt: p.startedAt,
  finishedAt: p.finishedAt,
});

export async function deleteCompany(auth: AccessClaims, companyId: string): Promise<CompanyDeletionDto> {
  if (companyId === auth.companyId) throw forbidden();
  const company = await getCompany(companyId); // AP-C1
  const started = await getPurgeProgress(companyId); // AP-PURGE2
  if (!company) {
    if (started) return toDto(started);
    throw new AppError('ERR_NOT_FOUND', 404);
  }
  if (company.isPlatform) throw forbidden();
  if (!company.deletedAt) await retireCompany(company);
  for (const user of await listAllUsers(companyId)) {
    // AP-U5
    await removeUser(user).catch((err: unknown) => {
      if (!(err instanceof TransactionConditionFailed)) throw err; // changed or removed meanwhile: the purge takes it
    });
    await revokeUserSessions(companyId, user.id);
  }
  await publish(companyId, 'companyChanged', { action: 'delete', companyId }, { kind: 'company' });
  await retireConnections(companyId);
  await startPurge(companyId);
  await queuePurge(auth.companyId, companyId);
  return toDto((await getPurgeProgress(companyId))!);
}

async function retireConnections(companyId: string): Promise<void> {
  for (const connection of await listConnections(companyId)) {
    // AP-W2
    await sendSessionCommand(connection, 'session.logout');
    await deleteConnectionRecord(connection, await getConnectionMeta(companyId)).catch((err: unknown) => {
      if (!(err instanceof TransactionConditionFailed)) throw err; // the purge erases what is left
    });
  }
}

/**
 * The job belongs to the platform company (`ownerId`): its run marker must not land in the partition
 * being erased. The deleted company travels as the job id.
 */
const queuePurge = (ownerId: string, companyId: string) =>
  scheduleDueWork({ companyId: ownerId, jobType: COMPANY_PURGE_JOB, jobId: companyId, dueAt: new Date().toISOString() });

export interface PurgeRunOptions {
  budgetMs?: number;
  pageSize?: number;
}

/**
 * One run of the purge: resumes at the saved cursor, deletes page by page (idempotent: deleting a
 * deleted key is a no-op), and ends with a pass over the table that found nothing of the company,
 * so items written while it ran (an inbound message in flight) go too. Past its budget it queues
 * its continuation and returns.
 */
export async function runCompanyPurge(job: DueJob, options: PurgeRunOptions = {}): Promise<PurgeProgress | undefined> {
  const companyId = job.jobId;
  // This run's own entry on the due index (already dispatched) names the company: it goes first.
  await cancelDueWork({ job, minute: epochMinute(job.dueAt) });
  let progress = await getPurgeProgress(companyId);
  if (!progress || progress.state === 'done') return progress;
  if (!progress.totalsRemoved) {
    await removeFromPlatformTotals(companyId);
    progress = { ...progress, totalsRemoved: true };
  }
  const started = Date.now();
  for (;;) {
    const page = await scanCompanyItems(companyId, progress.cursor, options.pageSize); // AP-PURGE1
    await deleteItems(page.keys);
    progress = {
      ...progress,
      cursor: page.next,
      passDeleted: progress.passDeleted + page.keys.length,
      deleted: progress.deleted + page.keys.length,
    };
    if (!page.next) {
      if (progress.passDeleted === 0) {
        progress = { ...progress, state: 'done', finishedAt: new Date().toISOString() };
        await savePurgeProgress(progress);
        await deleteCompanyObjects(companyId).catch((err: unknown) =>
          logger.error('company media purge failed', { err, companyId }),
        );
        logger.info('company purged', { companyId, deleted: progress.deleted, passes: progress.pass });
        return progress;
      }
      progress = { ...progress, pass: progress.pass + 1, passDeleted: 0 };
    }
    await savePurgeProgress(progress);
    if (Date.now() - started > (options.budgetMs ?? RUN_BUDGET_MS)) {
      await queuePurge(job.companyId, companyId);
      return progress;
    }
  }
}
