import { isIP } from 'node:net';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from '@atende/shared/zod';
import { isAdmin, MAX_REQUEST_BODY_BYTES } from '@atende/shared';
import { AppError } from './app-error';
import { bearerToken, headerValue, verifyAccessToken, type AccessClaims } from './jwt';
import { errorMapper } from './error-mapper';
import { viewerFromClaims } from './viewer';
import { assertRightsCurrent, needsFreshRights } from './fresh-rights';
import { takeCompanyRequest } from './company-rate-limit';
import { zodFields } from './zod-fields';

// Types only: the route table stays out of the bundles (docs/decisions.md "Route access at the call site").
import type { Access, RouteAccess, RouteKey } from '../manifest';

export type { Access };

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}

export const json = (body: unknown, status = 200): HttpResult => ({ status, body });
export const noContent = (): HttpResult => ({ status: 204 });

interface BaseContext<B, Q, P> {
  event: APIGatewayProxyEvent;
  body: B;
  query: Q;
  params: P;
  cookies: Record<string, string>;
  ip: string;
  requestId: string;
}
export type RouteContext<B, Q, P, A extends Access> = BaseContext<B, Q, P> &
  (A extends 'public' ? { auth?: AccessClaims } : { auth: AccessClaims });

/** Any zod 4 schema (the shared ones are zod/mini; core types and `z.safeParse` accept classic ones too). */
type Schema = z.core.$ZodType;
type Infer<S> = S extends Schema ? z.output<S> : undefined;

/** What a handler writes for one route; method and path come from its manifest key. */
export interface RouteDefinition<A extends Access, BS, QS, PS> {
  body?: BS;
  query?: QS;
  params?: PS;
  /**
   * The handler reads the raw body and authenticates its own bearer (not an access token: the external
   * send API's connection token), so the router checks neither size, JSON nor token. Public routes only.
   */
  rawRequest?: true;
  handler: (ctx: RouteContext<Infer<BS>, Infer<QS>, Infer<PS>, A>) => Promise<HttpResult>;
}

export type HttpHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** One route an area serves: its manifest key, the access it enforces and the wrapped handler. */
export interface ServedRoute<K extends RouteKey = RouteKey> {
  key: K;
  access: Access;
  handler: HttpHandler;
}

/**
 * Serves the manifest route `key` (e.g. `'GET /users/{id}'`): body size → JSON parse → auth →
 * zod validation → handler → JSON answer. Every failure leaves through `errorMapper`, which never
 * leaks a stack trace.
 *
 * `access` is the one the manifest declares for `key`, written again at the call site so that a
 * bundle never carries the whole route table: its type is the manifest's literal for that key, so
 * any other value does not compile (and functions/test/route-manifest.test.ts compares them too).
 */
export function route<
  K extends RouteKey,
  BS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(key: K, access: RouteAccess<K>, def: RouteDefinition<RouteAccess<K>, BS, QS, PS>): ServedRoute<K> {
  return { key, access, handler: wrapRoute(access, def as RouteDefinition<Access, unknown, unknown, unknown>) };
}

function wrapRoute(access: Access, def: RouteDefinition<Access, unknown, unknown, unknown>): HttpHandler {
  const core = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const ctx = (context as Context & { route: BaseContext<unknown, unknown, unknown> & { auth?: AccessClaims } }).route;
    const result = await def.handler(ctx as never);
    return toProxyResult(result);
  };
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(errorMapper())
    .use(prepareRoute(access, def))
    .handler(core) as unknown as HttpHandler;
}

function prepareRoute(
  access: Access,
  def: RouteDefinition<Access, unknown, unknown, unknown>,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    before: async (request) => {
      const event = request.event;
      const raw = def.rawRequest
        ? ''
        : event.body
          ? event.isBase64Encoded
            ? Buffer.from(event.body, 'base64').toString('utf8')
            : event.body
          : '';
      if (Buffer.byteLength(raw) > MAX_REQUEST_BODY_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);

      let auth: AccessClaims | undefined;
      const token = bearerToken(event.headers);
      if (access !== 'public' || (token && !def.rawRequest)) {
        if (!token) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
        auth = await verifyAccessToken(token);
        if (access === 'admin' && !isAdmin(viewerFromClaims(auth))) throw new AppError('ERR_NO_PERMISSION', 403);
        if (access === 'super' && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
        if (needsFreshRights(access, event.httpMethod)) await assertRightsCurrent(auth);
        await takeCompanyRequest(auth.companyId); // the company's share of the stage (company-rate-limit.ts)
      }

      let parsedBody: unknown = undefined;
      if (def.body) {
        let input: unknown = {};
        if (raw.trim()) {
          try {
            input = JSON.parse(raw);
          } catch {
            throw new AppError('ERR_INVALID_JSON', 400);
          }
        }
        parsedBody = validate(def.body as Schema, input);
      }
      const query = def.query ? validate(def.query as Schema, event.queryStringParameters ?? {}) : undefined;
      const params = def.params ? validate(def.params as Schema, event.pathParameters ?? {}) : undefined;

      (request.context as Context & { route: unknown }).route = {
        event,
        body: parsedBody,
        query,
        params,
        cookies: parseCookies(headerValue(event.headers, 'cookie')),
        ip: viewerIp(event),
        requestId: event.requestContext?.requestId ?? request.context.awsRequestId,
        auth,
      };
    },
  };
}

/**
 * The caller's address. Behind CloudFront, API Gateway's sourceIp is the edge's (shared by everyone
 * behind it); CloudFront's /api function writes the viewer's own address into `x-viewer-ip` over
 * anything the viewer sent (infra/lib/web/edge-functions.ts; the local gateway does the same), and
 * the API refuses requests that did not come through CloudFront (API key), so the header is trusted.
 */
export function viewerIp(event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>): string {
  const forwarded = headerValue(event.headers, 'x-viewer-ip')?.trim();
  if (forwarded && isIP(forwarded)) return forwarded;
  return event.requestContext?.identity?.sourceIp ?? 'unknown';
}

function validate(schema: Schema, input: unknown): unknown {
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, zodFields(parsed.error));
  return parsed.data;
}

/**
 * The Cookie header as name → value. Behind CloudFront every cookie of the domain arrives here, ours
 * or not, so a value that is not valid percent-encoding (`promo=50%off`) is kept as written instead
 * of failing the request; the first of two same-named cookies wins, as in browsers' ordering.
 * Null prototype: a cookie named `__proto__` is just a name.
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (!(name in out)) out[name] = decodeCookieValue(part.slice(i + 1).trim());
  }
  return out;
}

function decodeCookieValue(raw: string): string {
  const value = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function toProxyResult(result: HttpResult): APIGatewayProxyResult {
  const status = result.status ?? 200;
  const hasBody = result.body !== undefined && status !== 204;
  return {
    statusCode: status,
    headers: { ...(hasBody ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...result.headers },
    ...(result.cookies?.length ? { multiValueHeaders: { 'Set-Cookie': result.cookies } } : {}),
    body: hasBody ? JSON.stringify(result.body) : '',
  };
}
