import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers with the client's own spelling (API Gateway keeps it); the single-value map keeps the last value. */
export function collectHeaders(req: IncomingMessage): { headers: Record<string, string>; multiValueHeaders: Record<string, string[]> } {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    headers[name] = value;
    (multiValueHeaders[name] ??= []).push(value);
  }
  return { headers, multiValueHeaders };
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
    req.on('end', () => resolve(size > limit ? { body: Buffer.alloc(0), tooLarge: true } : { body: Buffer.concat(chunks), tooLarge: false }));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
