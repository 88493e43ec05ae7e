/**
 * Maps the storage layer's condition failures to the API's errors, for every user write.
 */
import { AppError } from '../../platform/app-error';
import { TransactionConditionFailed } from '../../data/transactions';
import { USER_WRITE } from '../../data/users';

/** Whether the write lost an optimistic-lock race (the caller re-reads and retries). */
export const lostRace = (err: unknown) =>
  err instanceof TransactionConditionFailed && err.has(USER_WRITE.user) && err.failed.length === 1;

/** Translates e-mail and plan-limit condition failures; rethrows anything else. */
export function userWriteError(err: unknown): unknown {
  if (!(err instanceof TransactionConditionFailed)) return err;
  // The field carries the code too, so the form marks the e-mail input with the translated text.
  if (err.has(USER_WRITE.email))
    return new AppError('ERR_EMAIL_ALREADY_EXISTS', 400, { fields: { email: 'ERR_EMAIL_ALREADY_EXISTS' } });
  if (err.has(USER_WRITE.limit)) return new AppError('ERR_USER_LIMIT_ACTIVE', 400);
  return err;
}

/** How many times a read-modify-write that lost the optimistic-lock race is re-read and retried. */
export const RACE_RETRIES = 8;

/**
 * Retries a read-modify-write when another writer got there first, after a short random pause (so a
 * burst of writers spreads out instead of colliding again). Still losing after RACE_RETRIES attempts
 * answers 409 ERR_CONFLICT: the client reloads and tries again.
 */
export async function withRetryOnRace<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!lostRace(err)) throw userWriteError(err);
      if (i >= RACE_RETRIES) throw new AppError('ERR_CONFLICT', 409);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * (i + 1)));
    }
  }
}
