/**
 * JSON over node:http with one keep-alive agent: the load generator shares the 2 cores with the
 * platform it measures, and undici's fetch costs it several times the CPU per request.
 */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A reused socket the server closed while idle (its keep-alive timeout racing our next request) fails
 * with ECONNRESET before the request was read: it is sent again, once, on a fresh socket (the pattern
 * of Node's http docs, `request.reusedSocket`).
 */
export function jsonRequest<T>(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
  retried = false,
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 400) reject(new Error(`${method} ${url} answered ${res.statusCode}: ${text}`));
          else resolve((text ? JSON.parse(text) : undefined) as T);
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && err.code === 'ECONNRESET')
        resolve(jsonRequest<T>(url, method, headers, body, true));
      else reject(err);
    });
    req.end(payload);
  });
}
