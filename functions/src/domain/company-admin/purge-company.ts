/**
 * The `company.purge` job: erases a deleted company's items in slices that fit the dispatch
 * function's timeout, each resuming where the last one stopped (data/company-purge.ts keeps the walk
 * in the table), and re-queues itself until a pass over the company finds nothing.
 */
import { listedReferences, referencesOf, seedReferences, type References } from '../../data/company-partitions';
import {
  addPurgePartitions,
  deleteItems,
  deletePlatformItemsOf,
  finishPurgeTodo,
  getPurgeProgress,
  keepPurgeTodoCursor,
  nextPurgeTodo,
  readPurgePage,
  removeFromPlatformTotals,
  savePurgeProgress,
  type PurgeProgress,
  type PurgeTodo,
} from '../../data/company-purge';
import { epochMinute, type DueJob } from '../../data/due-work';
import { logger } from '../../platform/logger';
import { deleteCompanyObjects } from '../../platform/storage';
import { cancelDueWork, scheduleDueWork } from '../scheduler/due-work';

export const COMPANY_PURGE_JOB = 'company.purge';
/**
 * A slice stops starting pages after this long and queues its continuation. The dispatch function
 * times out at 19 s (a 120 s visibility / 6, manifest queue specs) and may run other jobs of its
 * batch first: 10 s leaves room for those and the page in flight (≤ 100 items, a few seconds).
 */
export const PURGE_SLICE_BUDGET_MS = 10_000;
const PAGE_SIZE = 100;

/**
 * The job belongs to the platform company (`ownerId`): its run marker must not land in the partition
 * being erased. The deleted company travels as the job id.
 */
export const queuePurge = (ownerId: string, companyId: string) =>
  scheduleDueWork({ companyId: ownerId, jobType: COMPANY_PURGE_JOB, jobId: companyId, dueAt: new Date().toISOString() });

export interface PurgeRunOptions {
  budgetMs?: number;
  pageSize?: number;
}

/**
 * One slice: page after page (each page's references registered before its items are deleted, so a
 * slice cut anywhere loses nothing and a redelivered one repeats harmless deletes), until the budget
 * is spent (continuation queued), another run took over (it goes on), or a pass found nothing (done).
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
    const step = await purgeStep(progress, options.pageSize ?? PAGE_SIZE);
    const saved = await savePurgeProgress(step);
    if (!saved) return getPurgeProgress(companyId); // another run moved it: that run goes on
    progress = saved;
    if (progress.state === 'done') return finished(progress);
    if (Date.now() - started >= (options.budgetMs ?? PURGE_SLICE_BUDGET_MS)) {
      await queuePurge(job.companyId, companyId);
      return progress;
    }
  }
}

/** Seeds the pass, or empties one page of the next partition, or closes the pass. */
async function purgeStep(progress: PurgeProgress, pageSize: number): Promise<PurgeProgress> {
  const companyId = progress.purgedCompanyId;
  if (progress.seededPass < progress.pass) {
    await register(progress, seedReferences(companyId, progress));
    return { ...progress, seededPass: progress.pass };
  }
  const todo = await nextPurgeTodo(companyId, progress.pass);
  if (!todo) {
    if (progress.passDeleted === 0) return { ...progress, state: 'done', finishedAt: new Date().toISOString() };
    return { ...progress, pass: progress.pass + 1, passDeleted: 0 };
  }
  const deleted = await purgePage(progress, todo, pageSize);
  return { ...progress, passDeleted: progress.passDeleted + deleted, deleted: progress.deleted + deleted };
}

/** AP-PURGE1: one page of a to-do partition; returns how many of the company's items went. */
async function purgePage(progress: PurgeProgress, todo: PurgeTodo, pageSize: number): Promise<number> {
  const companyId = progress.purgedCompanyId;
  const page = await readPurgePage(todo, pageSize);
  if (todo.index) {
    // A list (ticket lists, a user's refresh families, the company's due entries): register what it names.
    await register(progress, listedReferences(companyId, page.items));
    if (page.next) await keepPurgeTodoCursor(companyId, progress.pass, { ...todo, after: page.next });
    else await finishPurgeTodo(companyId, progress.pass, todo);
    return 0;
  }
  await register(progress, mergeReferences(page.items.map((item) => referencesOf(companyId, item))));
  await deleteItems(page.items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })));
  // Read to its end and deleted: the partition is empty (a write in flight is caught by the next pass).
  if (!page.next) await finishPurgeTodo(companyId, progress.pass, todo);
  return page.items.length;
}

async function register(progress: PurgeProgress, refs: References): Promise<void> {
  await addPurgePartitions(progress.purgedCompanyId, progress.pass, refs.partitions);
  await deletePlatformItemsOf(progress.purgedCompanyId, refs.platformKeys);
}

function mergeReferences(all: References[]): References {
  const partitions = new Map(all.flatMap((r) => r.partitions).map((p) => [`${p.index ?? 'T'}${p.pk}`, p]));
  const platformKeys = new Map(all.flatMap((r) => r.platformKeys).map((k) => [`${k.PK}|${k.SK}`, k]));
  return { partitions: [...partitions.values()], platformKeys: [...platformKeys.values()] };
}

async function finished(progress: PurgeProgress): Promise<PurgeProgress> {
  const companyId = progress.purgedCompanyId;
  await deleteCompanyObjects(companyId).catch((err: unknown) =>
    logger.error('company media purge failed', { err, companyId }),
  );
  logger.info('company purged', { companyId, deleted: progress.deleted, passes: progress.pass });
  return progress;
}
