/**
 * The refresh cookie's attributes. Path `/` because locally and behind CloudFront the API lives
 * under `/api` on the console's origin (ARCHITECTURE cross-cutting contracts); SameSite and Secure
 * come from REFRESH_COOKIE_SAMESITE (default Lax) and REFRESH_COOKIE_SECURE (default true).
 */
import { REFRESH_COOKIE_NAME, REFRESH_TOKEN_TTL_SECONDS } from '@atende/shared';

function attributes(): string[] {
  const sameSite = (process.env.REFRESH_COOKIE_SAMESITE ?? 'Lax').trim();
  const validSameSite = ['Lax', 'Strict', 'None'].find((v) => v.toLowerCase() === sameSite.toLowerCase()) ?? 'Lax';
  // Browsers drop SameSite=None cookies without Secure, so None forces Secure.
  const secure = process.env.REFRESH_COOKIE_SECURE !== 'false' || validSameSite === 'None';
  return ['Path=/', 'HttpOnly', `SameSite=${validSameSite}`, ...(secure ? ['Secure'] : [])];
}

export function refreshCookie(value: string): string {
  return [`${REFRESH_COOKIE_NAME}=${value}`, ...attributes(), `Max-Age=${REFRESH_TOKEN_TTL_SECONDS}`].join('; ');
}

export function clearedRefreshCookie(): string {
  return [`${REFRESH_COOKIE_NAME}=`, ...attributes(), 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'].join('; ');
}

export const readRefreshCookie = (cookies: Record<string, string>) => cookies[REFRESH_COOKIE_NAME];
