/**
 * Login rate limit, built so a stranger cannot lock the owner out (issue 8 item 6). Within
 * LOGIN_RATE_LIMIT.windowSeconds (counted from the first failure), answer 429 when:
 *   - one e-mail failed `maxFailures` times from one IP (the pair: the guesser, not the owner), or
 *   - one IP failed `maxFailures` times, whatever the e-mail (one machine guessing many accounts), or
 *   - one e-mail failed `maxFailuresPerEmail` times across all IPs (distributed guessing) — except
 *     from an IP where this e-mail signed in successfully within KNOWN_PLACE_SECONDS, so the owner
 *     keeps signing in from their usual places while the account is under attack.
 * Checked before the password is verified, so a blocked attacker gets no scrypt work and no oracle.
 */
import { LOGIN_RATE_LIMIT } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { clearWindow, getOpenWindow, recordFailure, type FailureWindow } from '../../data/rate-limits';

/** Failures of one e-mail across every IP before unknown places are refused. */
export const MAX_FAILURES_PER_EMAIL = 20;
/** How long an IP stays a known sign-in place of an e-mail after a successful sign-in. */
export const KNOWN_PLACE_SECONDS = 30 * 24 * 60 * 60;

const pair = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

export async function assertLoginAllowed(email: string, ip: string): Promise<void> {
  const [byPair, byIp, byEmail, knownPlace] = await Promise.all([
    getOpenWindow('LOGIN_EMAIL_IP', pair(email, ip)),
    getOpenWindow('LOGIN_IP', ip),
    getOpenWindow('LOGIN_EMAIL', email.toLowerCase()),
    getOpenWindow('LOGIN_KNOWN_PLACE', pair(email, ip)),
  ]);
  const blocking: FailureWindow[] = [byPair, byIp].filter(
    (w): w is FailureWindow => !!w && w.count >= LOGIN_RATE_LIMIT.maxFailures,
  );
  if (byEmail && byEmail.count >= MAX_FAILURES_PER_EMAIL && !knownPlace) blocking.push(byEmail);
  if (!blocking.length) return;
  const until = Math.max(...blocking.map((w) => w.windowEndsAt));
  const retryAfter = Math.max(1, until - Math.floor(Date.now() / 1000));
  throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, {
    params: { retryAfterSeconds: retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}

export async function recordLoginFailure(email: string, ip: string): Promise<void> {
  const { windowSeconds } = LOGIN_RATE_LIMIT;
  await Promise.all([
    recordFailure('LOGIN_EMAIL_IP', pair(email, ip), windowSeconds),
    recordFailure('LOGIN_IP', ip, windowSeconds),
    recordFailure('LOGIN_EMAIL', email.toLowerCase(), windowSeconds),
  ]);
}

/**
 * A successful sign-in forgives this place's failures for the e-mail (not the IP's: many users can
 * share one IP) and remembers the IP as a known place of the e-mail.
 */
export async function clearLoginFailures(email: string, ip: string): Promise<void> {
  await Promise.all([
    clearWindow('LOGIN_EMAIL_IP', pair(email, ip)),
    // A window whose count is the number of successful sign-ins; only its existence is read.
    recordFailure('LOGIN_KNOWN_PLACE', pair(email, ip), KNOWN_PLACE_SECONDS),
  ]);
}
