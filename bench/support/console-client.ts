/** A scripted console user for benches: REST calls with the bearer token, and the realtime socket. */
import WebSocket from 'ws';
import { REALTIME_FRAMES_PARAM, REALTIME_PACKED_FRAMES, unpackRealtimeFrame } from '@atende/shared';

export interface ConsoleClient {
  token: string;
  companyId: string;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** Opens the realtime socket; packed frames (as the web console asks) unless `plain`. */
  socket(frames?: 'packed' | 'plain'): Promise<RealtimeSocket>;
}

/** A frame as it comes off the wire (benches read fields loosely). */
export interface WireEnvelope {
  channel: string;
  data: { action: string } & Record<string, unknown>;
}

export interface RealtimeSocket {
  onEnvelope(fn: (envelope: WireEnvelope) => void): void;
  close(): void;
}

export async function signIn(apiUrl: string, wsUrl: string, email: string, password: string): Promise<ConsoleClient> {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const { token, user } = (await res.json()) as { token: string; user: { companyId: string } };
  return {
    token,
    companyId: user.companyId,
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const r = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      if (r.status >= 400) throw new Error(`${method} ${path} answered ${r.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    socket: (frames = 'packed') =>
      new Promise((resolve, reject) => {
        const url = new URL(wsUrl);
        url.searchParams.set('token', token);
        if (frames === 'packed') url.searchParams.set(REALTIME_FRAMES_PARAM, REALTIME_PACKED_FRAMES);
        const ws = new WebSocket(url.toString());
        const listeners: ((e: WireEnvelope) => void)[] = [];
        ws.on('message', (raw) => {
          for (const envelope of unpackRealtimeFrame(JSON.parse(String(raw))) as WireEnvelope[])
            for (const l of listeners) l(envelope);
        });
        ws.once('open', () => resolve({ onEnvelope: (fn) => listeners.push(fn), close: () => ws.close() }));
        ws.once('error', reject);
      }),
  };
}

export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
