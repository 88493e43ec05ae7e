/**
 * Refresh sessions: an opaque random token in the httpOnly cookie, stored hashed as part of a token
 * family (data/refresh-tokens.ts). Each refresh rotates the token; presenting a token that was
 * already rotated means it was copied, so the whole family is revoked (reuse detection) — unless it
 * comes within a few seconds of its rotation (two tabs refreshing at once; see the grace window).
 *
 * Cookie value: `<companyId>.<familyId>.<secret>` — the ids only locate the family's partition;
 * the secret (32 random bytes) is what is hashed and checked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ulid } from '@atende/shared/ids';
import { REFRESH_TOKEN_TTL_SECONDS } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import {
  addSiblingToken,
  getFamilyToken,
  insertFamily,
  listOpenFamilyIds,
  REFRESH_WRITE,
  revokeFamily,
  rotateToken,
  type RefreshFamily,
  type RefreshTokenRecord,
} from '../../data/refresh-tokens';
import { TransactionConditionFailed } from '../../data/transactions';

interface ParsedToken {
  companyId: string;
  familyId: string;
  hash: string;
}

const ID = /^[0-9A-Za-z]{1,64}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * A token presented again within this many seconds of its rotation is a concurrent refresh of the
 * same browser (two tabs, a retry after a lost answer), not a stolen copy: it gets a fresh token of
 * the same family instead of revoking it. Later reuse revokes the family (same idea as Auth0's reuse
 * interval). Short enough that a replayed cookie is useless to anyone who copies it afterwards.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const withinGrace = (token: RefreshTokenRecord) =>
  token.usedAt !== undefined && Date.now() - Date.parse(token.usedAt) <= REFRESH_REUSE_GRACE_SECONDS * 1000;

/**
 * A family ends this long after its sign-in however often it is refreshed (the sliding
 * REFRESH_TOKEN_TTL_SECONDS alone would let a copied cookie live forever); then the user signs in again.
 */
export const REFRESH_FAMILY_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The sliding expiry, never past the family's absolute end. */
const expiry = (family?: Pick<RefreshFamily, 'absoluteExpiresAt'>) =>
  Math.min(nowSeconds() + REFRESH_TOKEN_TTL_SECONDS, family?.absoluteExpiresAt ?? Number.POSITIVE_INFINITY);

function newToken(companyId: string, familyId: string): { value: string; hash: string } {
  const value = `${companyId}.${familyId}.${randomBytes(32).toString('base64url')}`;
  return { value, hash: hashOf(value) };
}

function parse(value: string | undefined): ParsedToken | undefined {
  const [companyId, familyId, secret, ...rest] = (value ?? '').split('.');
  if (rest.length || !companyId || !familyId || !secret || !ID.test(companyId) || !ID.test(familyId) || !SECRET.test(secret))
    return undefined;
  return { companyId, familyId, hash: hashOf(value!) };
}

/** Refresh failures are 401: the console drops the session (spec part 1 §4 "Session"). */
const sessionExpired = () => new AppError('ERR_SESSION_EXPIRED', 401);

/** Starts a family for a fresh login; returns the cookie value. */
export async function startRefreshSession(companyId: string, userId: string): Promise<string> {
  const familyId = ulid();
  const token = newToken(companyId, familyId);
  await insertFamily({
    companyId,
    familyId,
    userId,
    tokenHash: token.hash,
    expiresAt: expiry(),
    absoluteExpiresAt: nowSeconds() + REFRESH_FAMILY_MAX_AGE_SECONDS,
  });
  return token.value;
}

export interface RotatedSession {
  companyId: string;
  userId: string;
  familyId: string;
  cookieValue: string;
}

/**
 * Swaps a valid refresh token for a new one of the same family.
 * Unknown / expired / revoked → 401 ERR_SESSION_EXPIRED; already used → family revoked, 401 ERR_REFRESH_TOKEN_REUSED.
 */
export async function rotateRefreshSession(cookieValue: string | undefined): Promise<RotatedSession> {
  const parsed = parse(cookieValue);
  if (!parsed) throw sessionExpired();
  const { family, token } = await getFamilyToken(parsed.companyId, parsed.familyId, parsed.hash);
  if (!family || !token || family.revoked) throw sessionExpired();
  if (family.absoluteExpiresAt !== undefined && family.absoluteExpiresAt <= Date.now() / 1000) throw sessionExpired();
  if (token.state === 'used') return withinGrace(token) ? siblingSession(parsed, family) : reuseDetected(parsed);
  if (token.expiresAt <= Date.now() / 1000) throw sessionExpired();

  const next = newToken(parsed.companyId, parsed.familyId);
  try {
    await rotateToken({
      companyId: parsed.companyId,
      familyId: parsed.familyId,
      oldHash: parsed.hash,
      newHash: next.hash,
      expiresAt: expiry(family),
    });
  } catch (err) {
    // Someone rotated this very token between our read and our write: a concurrent refresh.
    if (err instanceof TransactionConditionFailed && err.has(REFRESH_WRITE.token) && !err.has(REFRESH_WRITE.family)) {
      return siblingSession(parsed, family);
    }
    if (err instanceof TransactionConditionFailed) throw sessionExpired();
    throw err;
  }
  return { companyId: parsed.companyId, userId: family.userId, familyId: parsed.familyId, cookieValue: next.value };
}

/** The concurrent refresh's answer: another active token of the same (still live) family. */
async function siblingSession(parsed: ParsedToken, family: RefreshFamily): Promise<RotatedSession> {
  const { userId } = family;
  const next = newToken(parsed.companyId, parsed.familyId);
  try {
    await addSiblingToken({
      companyId: parsed.companyId,
      familyId: parsed.familyId,
      newHash: next.hash,
      expiresAt: expiry(family),
    });
  } catch (err) {
    if (err instanceof TransactionConditionFailed) throw sessionExpired(); // revoked meanwhile
    throw err;
  }
  return { companyId: parsed.companyId, userId, familyId: parsed.familyId, cookieValue: next.value };
}

async function reuseDetected(parsed: ParsedToken): Promise<never> {
  await revokeFamily(parsed.companyId, parsed.familyId);
  throw new AppError('ERR_REFRESH_TOKEN_REUSED', 401);
}

/** Ends the cookie's session (logout). A cookie that matches nothing is ignored. */
export async function endRefreshSession(cookieValue: string | undefined): Promise<void> {
  const parsed = parse(cookieValue);
  if (!parsed) return;
  const { family, token } = await getFamilyToken(parsed.companyId, parsed.familyId, parsed.hash);
  if (family && token) await revokeFamily(parsed.companyId, parsed.familyId);
}

/** Revokes a family by id (used when a rotated session turns out to belong to a user who may not sign in). */
export const revokeRefreshFamily = revokeFamily;

/**
 * Revokes every open session of a user (deleted, deactivated, password changed); `exceptFamilyId`
 * keeps the session the change was made from (the user's own password change).
 */
export async function revokeUserSessions(companyId: string, userId: string, exceptFamilyId?: string): Promise<void> {
  const familyIds = await listOpenFamilyIds(companyId, userId);
  await Promise.all(familyIds.filter((id) => id !== exceptFamilyId).map((familyId) => revokeFamily(companyId, familyId)));
}

/** The family a refresh cookie names (unverified: only used to spare that family, never to grant anything). */
export const refreshFamilyOf = (cookieValue: string | undefined): string | undefined => parse(cookieValue)?.familyId;

/**
 * The session id the console and the `company-<cid>-auth` event carry: the refresh family's id, the
 * same for every rotation of one sign-in, different on every device (issue 8 item 14).
 */
export const sessionIdOf = (cookieValue: string): string => parse(cookieValue)?.familyId ?? '';
