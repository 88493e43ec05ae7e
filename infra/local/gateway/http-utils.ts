import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A map for names the client chose (headers, query keys): no prototype, so `__proto__` or
 * `constructor` are ordinary keys, as they are in the JSON event API Gateway sends.
 */
export const clientKeyed = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** Headers with the client's own spelling (API Gateway keeps it); the single-value map keeps the last value. */
export function collectHeaders(req: IncomingMessage): {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
} {
  const headers = clientKeyed<string>();
  const multiValueHeaders = clientKeyed<string[]>();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  return { headers, multiValueHeaders };
}

/** Query parameters as API Gateway passes them: the last value of each name, and every value. */
export function collectQuery(query: URLSearchParams): {
  single: Record<string, string>;
  multi: Record<string, string[]>;
  any: boolean;
} {
  const single = clientKeyed<string>();
  const multi = clientKeyed<string[]>();
  for (const [key, value] of query) {
    single[key] = value; // last one wins, as in API Gateway
    (multi[key] ??= []).push(value);
  }
  return { single, multi, any: Object.keys(single).length > 0 };
}

export const sourceIp = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

/**
 * Reads the whole body but keeps at most `limit` bytes: an oversized upload is drained (so the client
 * gets to read the 413) without being held in memory.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    if (Number(req.headers['content-length'] ?? 0) > limit) size = limit + 1;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size > limit ? { body: Buffer.alloc(0), tooLarge: true } : { body: Buffer.concat(chunks), tooLarge: false }),
    );
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}
