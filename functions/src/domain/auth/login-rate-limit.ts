/**
 * Login rate limit: after LOGIN_RATE_LIMIT.maxFailures failed logins for one e-mail OR one IP within
 * LOGIN_RATE_LIMIT.windowSeconds (counted from the first failure), answer 429 until the window closes.
 * Checked before the password is verified, so a locked-out attacker gets no scrypt work and no oracle.
 */
import { LOGIN_RATE_LIMIT } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { clearWindow, getOpenWindow, recordFailure } from '../../data/rate-limits';

const subjects = (email: string, ip: string) => [
  { scope: 'LOGIN_EMAIL', subject: email.toLowerCase() },
  { scope: 'LOGIN_IP', subject: ip },
];

export async function assertLoginAllowed(email: string, ip: string): Promise<void> {
  const windows = await Promise.all(subjects(email, ip).map((s) => getOpenWindow(s.scope, s.subject)));
  const blocking = windows.filter((w) => w && w.count >= LOGIN_RATE_LIMIT.maxFailures);
  if (!blocking.length) return;
  const until = Math.max(...blocking.map((w) => w!.windowEndsAt));
  const retryAfter = Math.max(1, until - Math.floor(Date.now() / 1000));
  throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, {
    params: { retryAfterSeconds: retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  await Promise.all(subjects(email, ip).map((s) => recordFailure(s.scope, s.subject, LOGIN_RATE_LIMIT.windowSeconds)));
}

/** A successful login forgives the e-mail's failures (not the IP's: many users can share one IP). */
export async function clearLoginFailures(email: string): Promise<void> {
  await clearWindow('LOGIN_EMAIL', email.toLowerCase());
}
