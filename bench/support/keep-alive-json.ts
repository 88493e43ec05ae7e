/**
 * JSON over node:http with one keep-alive agent: the load generator shares the 2 cores with the
 * platform it measures, and undici's fetch costs it several times the CPU per request.
 */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function jsonRequest<T>(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<T> {
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
    req.on('error', reject);
    req.end(payload);
  });
}
