/**
 * E-mails are the platform-wide sign-in id, so "this e-mail is taken" cannot be hidden from an admin
 * adding a user: the user cannot be created either way, and a silent success would be a lie. What is
 * bounded is probing: after EMAIL_PROBE_LIMIT.maxConflicts answers ERR_EMAIL_ALREADY_EXISTS within
 * the window, the company's user creations and e-mail changes answer 429 until the window closes —
 * all of them, so a free address cannot be told from a taken one either (docs/decisions.md).
 */
import { AppError } from '../../platform/app-error';
import { getOpenWindow, recordFailure } from '../../data/rate-limits';

export const EMAIL_PROBE_LIMIT = { maxConflicts: 10, windowSeconds: 60 * 60 } as const;

const SCOPE = 'EMAIL_CONFLICT';

/** Runs an e-mail-taking write for `companyId` under the probe limit. */
export async function withEmailProbeLimit<T>(companyId: string, write: () => Promise<T>): Promise<T> {
  const window = await getOpenWindow(SCOPE, companyId);
  if (window && window.count >= EMAIL_PROBE_LIMIT.maxConflicts) {
    const retryAfterSeconds = Math.max(1, window.windowEndsAt - Math.floor(Date.now() / 1000));
    throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, {
      params: { retryAfterSeconds },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
  try {
    return await write();
  } catch (err) {
    if (err instanceof AppError && err.code === 'ERR_EMAIL_ALREADY_EXISTS')
      await recordFailure(SCOPE, companyId, EMAIL_PROBE_LIMIT.windowSeconds);
    throw err;
  }
}
