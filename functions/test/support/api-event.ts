/**
 * Calls an area's Lambda handler the way API Gateway (REST, proxy integration) would, so tests
 * exercise the real router → middy wrapper → domain → DynamoDB Local path.
 *
 *   const res = await apiCall('users', 'GET', '/users/{id}', { pathParameters: { id }, token });
 *   expect(res.status).toBe(200); expect(res.body.email).toBe('a@b.c');
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import type { Area, HttpMethod } from '../../src/manifest';

export interface ApiCallOptions {
  pathParameters?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Serialised as JSON unless it is already a string (to test malformed bodies). */
  body?: unknown;
  /** Access token; sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Raw `Cookie` header value, or name → value pairs. */
  cookie?: string | Record<string, string>;
  /** Source IP seen by API Gateway (`requestContext.identity.sourceIp`). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface ApiCallResult<T = any> {
  status: number;
  /** Parsed JSON body (undefined when the body is empty). */
  body: T;
  /** Single-value headers, names lower-cased. */
  headers: Record<string, string>;
  /** Cookies set by the answer: name → value (an empty value means the cookie was cleared). */
  cookies: Record<string, string>;
  /** The raw Set-Cookie lines, to assert attributes (HttpOnly, SameSite …). */
  setCookies: string[];
}

type AreaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
const handlers = new Map<Area, Promise<AreaHandler>>();

function loadHandler(area: Area): Promise<AreaHandler> {
  let loaded = handlers.get(area);
  if (!loaded) {
    loaded = import(`../../src/handlers/${area}/index.ts`).then((m: { handler: AreaHandler }) => m.handler);
    handlers.set(area, loaded);
  }
  return loaded;
}

export function buildApiEvent(method: HttpMethod, resource: string, options: ApiCallOptions = {}): APIGatewayProxyEvent {
  const pathParameters = options.pathParameters ?? null;
  const path = resource.replace(/\{(\w+)\+?\}/g, (_, name: string) => encodeURIComponent(pathParameters?.[name] ?? ''));
  const query = Object.fromEntries(
    Object.entries(options.query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) {
    headers.Cookie =
      typeof options.cookie === 'string'
        ? options.cookie
        : Object.entries(options.cookie)
            .map(([k, v]) => `${k}=${v}`)
            .join('; ');
  }
  const body =
    options.body === undefined ? null : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  if (body !== null) headers['Content-Type'] ??= 'application/json';
  const ip = options.ip ?? '127.0.0.1';
  headers['X-Forwarded-For'] ??= ip;
  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(query).length
      ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]]))
      : null,
    pathParameters,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: method,
      path,
      stage: 'test',
      requestId: ulid(),
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: resource,
      identity: {
        sourceIp: ip,
        userAgent: 'vitest',
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
      },
    },
  } as APIGatewayProxyEvent;
}

export function lambdaContext(): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test',
    memoryLimitInMB: '256',
    awsRequestId: ulid(),
    logGroupName: 'test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function apiCall<T = any>(
  area: Area,
  method: HttpMethod,
  resource: string,
  options: ApiCallOptions = {},
): Promise<ApiCallResult<T>> {
  const handler = await loadHandler(area);
  const result = await handler(buildApiEvent(method, resource, options), lambdaContext());
  return toApiCallResult<T>(result);
}

export function toApiCallResult<T>(result: APIGatewayProxyResult): ApiCallResult<T> {
  const headers: Record<string, string> = {};
  const setCookies: string[] = [];
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (name.toLowerCase() === 'set-cookie') setCookies.push(String(value));
    else headers[name.toLowerCase()] = String(value);
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    if (name.toLowerCase() === 'set-cookie') setCookies.push(...values.map(String));
    else headers[name.toLowerCase()] ??= values.map(String).join(', ');
  }
  const cookies: Record<string, string> = {};
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const i = pair.indexOf('=');
    if (i > 0) cookies[pair.slice(0, i).trim()] = decodeURIComponent(pair.slice(i + 1).trim());
  }
  let body: unknown = undefined;
  if (result.body) {
    try {
      body = JSON.parse(result.body);
    } catch {
      body = result.body;
    }
  }
  return { status: result.statusCode, body: body as T, headers, cookies, setCookies };
}
