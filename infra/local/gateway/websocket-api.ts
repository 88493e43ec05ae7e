/**
 * API Gateway WebSocket emulation: `$connect` / `$default` / `$disconnect` Lambda invocations and the
 * `@connections` management endpoint, answering exactly like AWS (410 + `x-amzn-errortype: GoneException`
 * for a gone socket) so `@aws-sdk/client-apigatewaymanagementapi` works unchanged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { WS_MOCK_ROUTES, WS_ROUTES, type WsRouteKey } from '@atende/functions/manifest';
import { LOCAL_ACCOUNT_ID } from '../emulators/local-aws';
import { reportInvocationError, type Invoke } from '../lambda-runtime';
import { collectHeaders, collectQuery, readBody, sendJson, sourceIp } from './http-utils';
import { LOCAL_STAGE } from './rest-api';

/** AWS limits: 128 KB per message, 10 minutes without a client message closes the socket. */
export const MAX_MESSAGE_BYTES = 128 * 1024;
export const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface Connection {
  id: string;
  socket: WebSocket;
  connectedAt: Date;
  lastActiveAt: Date;
  sourceIp: string;
  userAgent: string;
  idleTimer?: NodeJS.Timeout;
}

export interface WebSocketApiOptions {
  invoke: Invoke;
  idleTimeoutMs?: number;
}

type EventType = 'CONNECT' | 'MESSAGE' | 'DISCONNECT';

export class WebSocketApi {
  private readonly connections = new Map<string, Connection>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly idleTimeoutMs: number;

  constructor(private readonly options: WebSocketApiOptions) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  }

  get openConnections(): number {
    return this.connections.size;
  }

  /** `$connect` runs before the handshake completes: a non-2xx answer refuses the upgrade with that status. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, query: URLSearchParams): Promise<void> {
    socket.on('error', () => socket.destroy()); // a client that resets mid-handshake must not crash the gateway
    const id = newConnectionId();
    const connectedAt = new Date();
    const { headers, multiValueHeaders } = collectHeaders(req);
    const { single: queryStringParameters, multi: multiValueQueryStringParameters, any: hasQuery } = collectQuery(query);
    const event = {
      ...this.baseEvent('$connect', 'CONNECT', id, connectedAt, req.headers.host),
      headers,
      multiValueHeaders,
      queryStringParameters: hasQuery ? queryStringParameters : undefined,
      multiValueQueryStringParameters: hasQuery ? multiValueQueryStringParameters : undefined,
    };
    (event.requestContext as Record<string, unknown>).identity = {
      sourceIp: sourceIp(req),
      userAgent: req.headers['user-agent'] ?? '',
    };

    const status = await this.routeStatus('$connect', event);
    if (status < 200 || status > 299) return refuseUpgrade(socket, status);
    if (socket.destroyed) return; // the client gave up while $connect ran

    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = {
        id,
        socket: ws,
        connectedAt,
        lastActiveAt: new Date(),
        sourceIp: sourceIp(req),
        userAgent: req.headers['user-agent'] ?? '',
      };
      this.connections.set(id, connection);
      this.touch(connection);
      ws.on('message', (data, isBinary) => void this.onMessage(connection, data, isBinary, req.headers.host));
      ws.on('close', (code, reason) => void this.onClose(connection, code, reason.toString(), req.headers.host));
      ws.on('error', () => ws.terminate());
    });
  }

  /** `/@connections/{connectionId}`: POST sends, GET describes, DELETE closes. */
  async handleManagement(req: IncomingMessage, res: ServerResponse, encodedId: string): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    // The SDK always signs (SigV4); refusing unsigned calls keeps a web page from posting into sockets.
    if (!/^AWS4-HMAC-SHA256 /.test(req.headers.authorization ?? '')) {
      req.resume();
      return awsError(res, 403, 'ForbiddenException', 'Missing Authentication Token');
    }
    const { body, tooLarge } = await readBody(req, MAX_MESSAGE_BYTES);
    const connection = this.connections.get(safeDecode(encodedId));
    const open = connection && connection.socket.readyState === WebSocket.OPEN;
    if (!['POST', 'GET', 'DELETE'].includes(method))
      return awsError(res, 403, 'ForbiddenException', 'Missing Authentication Token');
    if (!open) return awsError(res, 410, 'GoneException', null);
    if (method === 'POST') {
      if (tooLarge) return awsError(res, 413, 'PayloadTooLargeException', 'Message too long');
      connection.socket.send(body.toString('utf8'));
      connection.lastActiveAt = new Date();
      res.writeHead(200, { 'content-length': 0 }).end();
    } else if (method === 'GET') {
      sendJson(res, 200, {
        connectedAt: connection.connectedAt.toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        lastActiveAt: connection.lastActiveAt.toISOString(),
      });
    } else {
      connection.socket.close(1000);
      res.writeHead(204).end();
    }
  }

  /** Closes every socket; `$disconnect` still runs for each, as when API Gateway drops connections. */
  async closeAll(): Promise<void> {
    const closing = [...this.connections.values()].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.socket.once('close', () => resolve());
          c.socket.close(1001, 'Going away');
          setTimeout(() => {
            c.socket.terminate();
            resolve();
          }, 1000).unref();
        }),
    );
    await Promise.all(closing);
    this.wss.close();
  }

  private async onMessage(connection: Connection, data: RawData, isBinary: boolean, host?: string): Promise<void> {
    connection.lastActiveAt = new Date();
    this.touch(connection);
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const body = isBinary ? buffer.toString('base64') : buffer.toString('utf8');
    const routeKey = isBinary ? '$default' : selectRoute(body);
    const mock = WS_MOCK_ROUTES.find((r) => r.routeKey === routeKey);
    if (mock) {
      // A mock integration (keep-alive ping): API Gateway answers it; no function runs.
      if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(mock.response);
      return;
    }
    const event = {
      ...this.baseEvent(routeKey, 'MESSAGE', connection.id, connection.connectedAt, host),
      body,
      isBase64Encoded: isBinary,
    };
    (event.requestContext as Record<string, unknown>).messageId = randomUUID();
    const result = await this.invokeRoute(routeKey, event);
    // A two-way route: the handler's body goes back to the caller (the CDK app sets a `$default` route response).
    const reply = (result as { body?: unknown } | undefined)?.body;
    if (typeof reply === 'string' && reply.length > 0 && connection.socket.readyState === WebSocket.OPEN)
      connection.socket.send(reply);
  }

  private async onClose(connection: Connection, code: number, reason: string, host?: string): Promise<void> {
    clearTimeout(connection.idleTimer);
    this.connections.delete(connection.id);
    const event = this.baseEvent('$disconnect', 'DISCONNECT', connection.id, connection.connectedAt, host);
    Object.assign(event.requestContext, { disconnectStatusCode: code, disconnectReason: reason });
    await this.invokeRoute('$disconnect', event);
  }

  private touch(connection: Connection): void {
    clearTimeout(connection.idleTimer);
    connection.idleTimer = setTimeout(() => connection.socket.close(1001, 'Going away'), this.idleTimeoutMs);
    connection.idleTimer.unref();
  }

  private async routeStatus(routeKey: WsRouteKey, event: unknown): Promise<number> {
    const result = await this.invokeRoute(routeKey, event, true);
    if (result === FAILED) return 500;
    const status = (result as { statusCode?: unknown } | undefined)?.statusCode;
    return typeof status === 'number' ? status : 200;
  }

  private async invokeRoute(routeKey: string, event: unknown, reportFailure = false): Promise<unknown> {
    const route = WS_ROUTES.find((r) => r.routeKey === routeKey) ?? WS_ROUTES.find((r) => r.routeKey === '$default');
    if (!route) return undefined;
    try {
      return await this.options.invoke(route.area, event, { timeoutMs: 29_000 });
    } catch (err) {
      reportInvocationError(`websocket ${routeKey} (${route.area})`, err);
      return reportFailure ? FAILED : undefined;
    }
  }

  private baseEvent(routeKey: string, eventType: EventType, connectionId: string, connectedAt: Date, host = '127.0.0.1') {
    const now = new Date();
    return {
      requestContext: {
        routeKey,
        eventType,
        extendedRequestId: randomUUID(),
        requestTime: now.toISOString(),
        messageDirection: 'IN' as const,
        stage: LOCAL_STAGE,
        connectedAt: connectedAt.getTime(),
        requestTimeEpoch: now.getTime(),
        requestId: randomUUID(),
        domainName: host,
        connectionId,
        apiId: 'local',
        accountId: LOCAL_ACCOUNT_ID,
      } as Record<string, unknown> & { routeKey: string; connectionId: string },
      isBase64Encoded: false,
    };
  }
}

const FAILED = Symbol('failed');

/** API Gateway's default route selection expression, `$request.body.action`. */
function selectRoute(body: string): string {
  try {
    const action = (JSON.parse(body) as { action?: unknown }).action;
    if (typeof action === 'string' && [...WS_ROUTES, ...WS_MOCK_ROUTES].some((r) => r.routeKey === action)) return action;
  } catch {
    // not JSON: the $default route
  }
  return '$default';
}

/** Looks like an AWS connection id: 16 base64 characters ending in `=`. */
function newConnectionId(): string {
  return randomBytes(10).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function awsError(res: ServerResponse, status: number, type: string, message: string | null): void {
  sendJson(res, status, { message }, { 'x-amzn-errortype': type, 'x-amzn-RequestId': randomUUID() });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
