/**
 * Auth area (spec part 1 §7 "Authentication and account"). Refresh-token failures clear the cookie.
 */
import { loginSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { AppError } from '../../platform/app-error';
import { route, json, noContent, type HttpResult } from '../../platform/http-route';
import { companySubscription, currentUser, login, refresh, type SessionAnswer } from '../../domain/auth/session';
import { endRefreshSession } from '../../domain/credentials/refresh-sessions';
import { clearedRefreshCookie, readRefreshCookie, refreshCookie } from '../../domain/auth/refresh-cookie';

const sessionResult = ({ response, refreshCookieValue }: SessionAnswer): HttpResult => ({
  status: 200,
  body: response,
  cookies: [refreshCookie(refreshCookieValue)],
});

export const handler = areaRouter('auth', [
  route('POST /auth/login', 'public', {
    body: loginSchema,
    handler: async ({ body, ip }) => sessionResult(await login(body, ip)),
  }),

  route('POST /auth/refresh_token', 'public', {
    handler: async ({ cookies }) => {
      try {
        return sessionResult(await refresh(readRefreshCookie(cookies)));
      } catch (err) {
        if (err instanceof AppError) {
          throw new AppError(err.code, err.status, {
            ...err.details,
            headers: { ...err.details?.headers, 'Set-Cookie': clearedRefreshCookie() },
          });
        }
        throw err;
      }
    },
  }),

  route('DELETE /auth/logout', 'public', {
    handler: async ({ cookies }) => {
      await endRefreshSession(readRefreshCookie(cookies));
      return { ...noContent(), cookies: [clearedRefreshCookie()] };
    },
  }),

  route('GET /auth/me', 'user', {
    handler: async ({ auth }) => json(await currentUser(auth)),
  }),

  route('GET /auth/statusAndDueDateAssignature', 'user', {
    handler: async ({ auth }) => json(await companySubscription(auth)),
  }),
]);
