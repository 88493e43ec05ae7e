import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  authorization: string | null;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | ((call: RecordedCall) => { status: number; body?: unknown });

/**
 * A tiny fake of the REST API behind `fetch` (what Amplify calls underneath): routes are
 * `METHOD /path` → a queue of replies, the last one repeating. Every call is recorded.
 */
export function fakeApi(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const queues = new Map(Object.entries(routes).map(([key, reply]) => [key, Array.isArray(reply) ? [...reply] : [reply]]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path: url.pathname.replace(/^\/+/, '/'),
      query: Object.fromEntries(url.searchParams),
      authorization: headers.get('authorization'),
      body: rawBody ? JSON.parse(rawBody) : undefined,
    };
    calls.push(call);
    const queue = queues.get(`${method} ${call.path}`);
    if (!queue || queue.length === 0) return new Response(JSON.stringify({ error: 'ERR_NOT_FOUND' }), { status: 404 });
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    const reply = typeof next === 'function' ? next(call) : next;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
