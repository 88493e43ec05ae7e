import { isIP } from 'node:net';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from '@atende/shared/zod';
import { MAX_REQUEST_BODY_BYTES } from '@atende/shared';
import { AppError } from './app-error';
import { bearerToken, headerValue, verifyAccessToken, type AccessClaims } from './jwt';
import { errorMapper } from './error-mapper';
import { zodFields } from './zod-fields';

/** Who may call a route. `admin` admits admins and super users; `super` only super users. */
export type Access = 'public' | 'user' | 'admin' | 'super';

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

export interface RouteDefinition<A extends Access, BS, QS, PS> {
  access: A;
  body?: BS;
  query?: QS;
  params?: PS;
  handler: (ctx: RouteContext<Infer<BS>, Infer<QS>, Infer<PS>, A>) => Promise<HttpResult>;
}

export type HttpHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Wraps one route: body size → JSON parse → auth → zod validation → handler → JSON answer.
 * Every failure leaves through `errorMapper`, which never leaks a stack trace.
 */
export function httpRoute<A extends Access, BS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined, PS extends Schema | undefined = undefined>(
  def: RouteDefinition<A, BS, QS, PS>,
): HttpHandler {
  const core = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const ctx = (context as Context & { route: BaseContext<unknown, unknown, unknown> & { auth?: AccessClaims } }).route;
    const result = await def.handler(ctx as never);
    return toProxyResult(result);
  };
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(errorMapper())
    .use(prepareRoute(def))
    .handler(core) as unknown as HttpHandler;
}

function prepareRoute(def: RouteDefinition<Access, unknown, unknown, unknown>): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    before: async (request) => {
      const event = request.event;
      const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
      if (Buffer.byteLength(raw) > MAX_REQUEST_BODY_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);

      let auth: AccessClaims | undefined;
      const token = bearerToken(event.headers);
      if (def.access !== 'public' || token) {
        if (!token) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
        auth = await verifyAccessToken(token);
        if (def.access === 'admin' && auth.profile !== 'admin' && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
        if (def.access === 'super' && !auth.super) throw new AppError('ERR_NO_PERMISSION', 403);
      }

      let parsedBody: unknown = undefined;
      if (def.body) {
        let input: unknown = {};
        if (raw.trim()) {
          try { input = JSON.parse(raw); } catch { throw new AppError('ERR_INVALID_JSON', 400); }
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
  if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, { fields: zodFields(parsed.error) });
  return parsed.data;
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
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
