/**
 * "Online clients" (spec part 2 §2 Reports tab): a company counts as online when one of its users
 * signed in, refreshed a token (every access-token life, 15 minutes) or opened a socket recently.
 * Each Lambda instance writes a company's mark at most once a minute; a failed write only logs
 * (being counted online must never fail a sign-in).
 */
import { putCompanySeen } from '../../data/last-seen';
import { logger } from '../../platform/logger';

const WRITE_EVERY_MS = 60_000;
const written = new Map<string, number>();

export async function noteCompanySeen(companyId: string, now = new Date()): Promise<void> {
  const last = written.get(companyId);
  if (last !== undefined && now.getTime() - last < WRITE_EVERY_MS) return;
  written.set(companyId, now.getTime());
  if (written.size > 10_000) written.clear();
  await putCompanySeen(companyId, now).catch((err: unknown) => {
    written.delete(companyId);
    logger.warn('last-seen write failed', { err, companyId });
  });
}

/** Forgets what this instance wrote (tests that move the clock). */
export const resetSeenMemo = () => written.clear();
