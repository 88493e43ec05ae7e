/**
 * API Gateway REST emulation: turns an HTTP request into the Lambda proxy event API Gateway sends
 * (`resource` = the manifest template, so the area router picks the same route as in AWS) and writes
 * the handler's proxy result back, multi-value headers (Set-Cookie) included.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { HttpRouteSpec } from '@atende/functions/manifest';
import { LOCAL_ACCOUNT_ID } from '../emulators/local-aws';
import { reportInvocationError, type Invoke } from '../lambda-runtime';
import { VIEWER_IP_HEADER } from '../../lib/web/edge-functions';
import { collectHeaders, collectQuery, readBody, sendJson, sourceIp } from './http-utils';
import type { RouteMatch } from './routes';

/** API Gateway's payload limit: larger requests never reach the Lambda. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/** API Gateway's integration timeout. */
export const INTEGRATION_TIMEOUT_MS = 29_000;
export const LOCAL_STAGE = 'local';

/**
 * Bodies of these types reach the handler as text; anything else (uploads) base64-encoded with
 * `isBase64Encoded: true`, as API Gateway does for its configured binary media types.
 */
const TEXT_MEDIA_TYPE = /^(text\/|application\/(json|[\w.+-]+\+json|x-www-form-urlencoded|xml|[\w.+-]+\+xml|javascript))/i;

export interface RestApiOptions {
  match: (method: string, path: string) => RouteMatch;
  invoke: Invoke;
}

/** `path` is the request path with the `/api` prefix already removed. */
export async function handleRestRequest(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
  options: RestApiOptions,
): Promise<void> {
  const { body, tooLarge } = await readBody(req, MAX_PAYLOAD_BYTES);
  if (tooLarge) return sendJson(res, 413, { error: 'ERR_PAYLOAD_TOO_LARGE' });

  const method = (req.method ?? 'GET').toUpperCase();
  const match = options.match(method, path);
  if (match.kind === 'not-found') return sendJson(res, 404, { error: 'ERR_NOT_FOUND' });
  if (match.kind === 'method-not-allowed') return sendJson(res, 405, { error: 'ERR_METHOD_NOT_ALLOWED' });

  const event = buildProxyEvent(req, { route: match.route, path, pathParameters: match.pathParameters, query, body });
  let result: unknown;
  try {
    result = await withTimeout(
      options.invoke(match.route.area, event, { timeoutMs: INTEGRATION_TIMEOUT_MS }),
      INTEGRATION_TIMEOUT_MS,
    );
  } catch (err) {
    if (err === TIMED_OUT) return sendJson(res, 504, { message: 'Endpoint request timed out' });
    reportInvocationError(`${method} ${match.route.path} (${match.route.area})`, err);
    return sendJson(res, 500, { error: 'ERR_INTERNAL' });
  }
  writeProxyResult(res, result, event.requestContext.requestId);
}

interface EventParts {
  route: HttpRouteSpec;
  path: string;
  pathParameters: Record<string, string>;
  query: URLSearchParams;
  body: Buffer;
}

export function buildProxyEvent(req: IncomingMessage, parts: EventParts): APIGatewayProxyEvent {
  const { headers, multiValueHeaders } = collectHeaders(req);
  const ip = sourceIp(req);
  // As CloudFront's /api function does: the address the login limit keys on is the socket's, never
  // one the client sent.
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === VIEWER_IP_HEADER) {
      delete headers[name];
      delete multiValueHeaders[name];
    }
  }
  headers[VIEWER_IP_HEADER] = ip;
  multiValueHeaders[VIEWER_IP_HEADER] = [ip];
  headers['X-Forwarded-For'] ??= ip;
  headers['X-Forwarded-Proto'] ??= 'http';
  multiValueHeaders['X-Forwarded-For'] ??= [ip];
  multiValueHeaders['X-Forwarded-Proto'] ??= ['http'];

  const { single: queryStringParameters, multi: multiValueQueryStringParameters, any: hasQuery } = collectQuery(parts.query);
  const contentType = req.headers['content-type'] ?? '';
  const isBinary = parts.body.length > 0 && !TEXT_MEDIA_TYPE.test(contentType);
  const now = new Date();
  const requestId = randomUUID();
  const method = (req.method ?? 'GET').toUpperCase();

  return {
    resource: parts.route.path,
    path: parts.path,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? queryStringParameters : null,
    multiValueQueryStringParameters: hasQuery ? multiValueQueryStringParameters : null,
    pathParameters: Object.keys(parts.pathParameters).length ? parts.pathParameters : null,
    stageVariables: null,
    body: parts.body.length ? parts.body.toString(isBinary ? 'base64' : 'utf8') : null,
    isBase64Encoded: isBinary,
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: 'local',
      authorizer: null,
      domainName: req.headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      extendedRequestId: requestId,
      httpMethod: method,
      path: `/${LOCAL_STAGE}${parts.path}`,
      protocol: `HTTP/${req.httpVersion}`,
      requestId,
      requestTime: now.toISOString(),
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: parts.route.path,
      stage: LOCAL_STAGE,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
        sourceIp: ip,
        userAgent: req.headers['user-agent'] ?? null,
      },
    },
  };
}

/** A result API Gateway cannot use becomes its 502 "Malformed Lambda proxy response". */
export function writeProxyResult(res: ServerResponse, result: unknown, requestId: string): void {
  const proxy = result as Partial<APIGatewayProxyResult> | undefined;
  if (!proxy || typeof proxy.statusCode !== 'number') {
    reportInvocationError(
      'proxy result',
      new Error(`malformed Lambda proxy response: ${JSON.stringify(result)?.slice(0, 200)}`),
    );
    return sendJson(res, 502, { message: 'Internal server error' });
  }
  const merged = new Map<string, { name: string; values: string[] }>();
  const add = (name: string, value: unknown) => {
    const key = name.toLowerCase();
    if (!merged.has(key)) merged.set(key, { name, values: [] });
    merged.get(key)!.values.push(String(value));
  };
  for (const [name, values] of Object.entries(proxy.multiValueHeaders ?? {})) for (const v of values) add(name, v);
  // API Gateway merges both maps; a pair present in both appears once.
  for (const [name, value] of Object.entries(proxy.headers ?? {})) {
    if (!merged.get(name.toLowerCase())?.values.includes(String(value))) add(name, value);
  }

  res.statusCode = proxy.statusCode;
  for (const { name, values } of merged.values()) res.setHeader(name, values.length === 1 ? values[0]! : values);
  res.setHeader('x-amzn-RequestId', requestId);
  const body = proxy.body ?? '';
  res.end(proxy.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

const TIMED_OUT = Symbol('timed out');

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
