import type { post } from 'aws-amplify/api';
import type { ApiErrorBody, LoginResponse } from '@atende/shared';
import { loadConfig } from './config';
import { sessionStore } from './session-store';

/**
 * The one door to the REST API. Every call carries the bearer token and the refresh
 * cookie; an expired access token (403 ERR_SESSION_EXPIRED) is refreshed ONCE — one
 * refresh shared by every request that failed meanwhile — and the call retried; a 401
 * forgets the session, which sends the router guard to /login.
 */
const API_NAME = 'atende';
const REFRESH_PATH = '/auth/refresh_token';
/** Calls whose 401/403 mean "bad credentials", not "session gone". */
const SESSIONLESS_PATHS = ['/auth/login', REFRESH_PATH, '/auth/logout'];

export class ApiError extends Error {
  readonly status: number;
  /** An ERR_* code from the API, or ERR_NETWORK when the request never got an answer. */
  readonly code: string;
  /** Field → message key (`validation.*`), translated where it is shown. */
  readonly fields?: Record<string, string>;
  /** Values the code's translation interpolates (e.g. a limit). */
  readonly params?: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message?: string,
    fields?: Record<string, string>,
    params?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
    if (params) this.params = params;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type RequestBody = NonNullable<NonNullable<Parameters<typeof post>[0]['options']>['body']>;

let configuredFor: string | null = null;

/**
 * Amplify is loaded with the first request, not with the page: the sign-in screen renders before
 * it arrives (decisions.md "Web console: first load").
 */
const loadAmplify = () =>
  Promise.all([import('aws-amplify'), import('aws-amplify/api')]).then(([core, api]) => ({ ...core, ...api }));
type AmplifyModules = Awaited<ReturnType<typeof loadAmplify>>;
let amplify: Promise<AmplifyModules> | null = null;

async function configured(): Promise<AmplifyModules> {
  // The console may render before /config.json is in (main.tsx): a first call waits for it.
  const [modules, { apiUrl }] = await Promise.all([(amplify ??= loadAmplify()), loadConfig()]);
  if (configuredFor === apiUrl) return modules;
  modules.Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint: apiUrl } } } },
    {
      API: {
        REST: {
          // Read per request, so a retry after a refresh carries the new token.
          headers: async (): Promise<Record<string, string>> => {
            const { token } = sessionStore.get();
            return token ? { Authorization: `Bearer ${token}` } : {};
          },
          // We decide about retries ourselves (the refresh-once rule); never replay a 429.
          retryStrategy: { strategy: 'no-retry' },
          // No Cognito here: skip Amplify's credential lookup and IAM signing.
          defaultAuthMode: 'none',
        },
      },
    },
  );
  configuredFor = apiUrl;
  return modules;
}

function toQueryParams(query?: QueryParams): Record<string, string> | undefined {
  if (!query) return undefined;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params[key] = String(value);
  }
  return Object.keys(params).length > 0 ? params : undefined;
}

/** An error answer's body (`{ error, fields?, params? }`) as our ApiError. */
function apiErrorFrom(status: number, body: string | undefined): ApiError {
  let parsed: Partial<ApiErrorBody> & { params?: Record<string, unknown> } = {};
  try {
    parsed = body ? (JSON.parse(body) as typeof parsed) : {};
  } catch {
    // A non-JSON answer (a proxy page, say): keep the status, no code.
  }
  return new ApiError(status, parsed.error ?? `HTTP_${status}`, parsed.message, parsed.fields, parsed.params);
}

/** Amplify hides the error body inside `error.response.body` (a string); unwrap it into our ApiError. */
function toApiError(error: unknown, AmplifyApiError?: AmplifyModules['ApiError']): ApiError {
  if (AmplifyApiError && error instanceof AmplifyApiError && error.response) {
    return apiErrorFrom(error.response.statusCode, error.response.body);
  }
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'ERR_NETWORK', error instanceof Error ? error.message : String(error));
}

async function send<T>(method: Method, path: string, query?: QueryParams, body?: unknown): Promise<T> {
  const { get, post, put, del, ApiError: AmplifyApiError } = await configured();
  const options = {
    queryParams: toQueryParams(query),
    withCredentials: true,
    ...(body !== undefined ? { body: body as RequestBody } : {}),
  };
  const input = { apiName: API_NAME, path, options };
  let response;
  try {
    const operation =
      method === 'GET' ? get(input) : method === 'POST' ? post(input) : method === 'PUT' ? put(input) : del(input);
    response = await operation.response;
  } catch (error) {
    throw toApiError(error, AmplifyApiError);
  }
  // DELETE answers carry no body in Amplify's types; everything else may be empty (204).
  const text = 'body' in response && response.body ? await response.body.text() : '';
  return (text ? JSON.parse(text) : undefined) as T;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * The refresh is a bare `fetch`, not an Amplify call: every page load starts with it and the sign-in
 * page waits for its answer before it renders, so it must not wait for Amplify's code to download
 * (decisions.md "Web console: first load"). Same cookie, same error shape as `send`.
 */
async function refreshRequest(): Promise<LoginResponse> {
  let response: Response;
  try {
    response = await fetch(`${(await loadConfig()).apiUrl}${REFRESH_PATH}`, { method: 'POST', credentials: 'include' });
  } catch (error) {
    throw toApiError(error);
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text);
  return JSON.parse(text) as LoginResponse;
}

/**
 * Exchange the refresh cookie for a new access token. Concurrent callers share one
 * request (the server rotates the cookie, so two parallel refreshes would look like reuse).
 */
export function refreshSession(): Promise<string> {
  refreshInFlight ??= refreshRequest()
    .then(({ token, user, sessionId }) => {
      sessionStore.signIn(token, user, { sessionId });
      return token;
    })
    .catch((error: unknown) => {
      const apiError = toApiError(error);
      // Only the server's "no" (401/403) ends the session for good: a request cut short by a reload, a
      // server error or a "not now" must not.
      sessionStore.clear({ keepHint: apiError.status !== 401 && apiError.status !== 403 });
      throw apiError;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

async function request<T>(method: Method, path: string, query?: QueryParams, body?: unknown): Promise<T> {
  const sessionless = SESSIONLESS_PATHS.includes(path);
  try {
    return await send<T>(method, path, query, body);
  } catch (raw) {
    const error = toApiError(raw);
    if (sessionless) throw error;
    if (error.status === 403 && error.code === 'ERR_SESSION_EXPIRED') {
      await refreshSession(); // throws (and clears the session) when the refresh fails
      try {
        return await send<T>(method, path, query, body);
      } catch (retryRaw) {
        const retryError = toApiError(retryRaw);
        if (retryError.status === 401) sessionStore.clear();
        throw retryError;
      }
    }
    if (error.status === 401) sessionStore.clear();
    throw error;
  }
}

export const apiGet = <T>(path: string, query?: QueryParams): Promise<T> => request<T>('GET', path, query);
export const apiPost = <T>(path: string, body?: unknown): Promise<T> => request<T>('POST', path, undefined, body);
export const apiPut = <T>(path: string, body?: unknown): Promise<T> => request<T>('PUT', path, undefined, body);
export const apiDelete = <T>(path: string, body?: unknown, query?: QueryParams): Promise<T> =>
  request<T>('DELETE', path, query, body);
