/**
 * A console user as the fault suite drives it: REST calls that report their status instead of
 * throwing, the console's retry of a send that failed (the same draft is the same attempt, with the
 * same `clientMessageId`: web/src/features/tickets/lib/send-attempts.ts), and the realtime socket.
 */
import { randomBytes } from 'node:crypto';
import type { MessageDto } from '@atende/shared';
import { signIn, type ConsoleClient, type RealtimeSocket } from '../../../bench/support/console-client';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** How a reply is sent, and which fault meets its first attempt. */
export interface SendPlan {
  /** `key`: the console since issue 30 (one `clientMessageId` per draft); `no-key`: the console before it. */
  idempotency: 'key' | 'no-key';
  /** `gateway-timeout`: the first attempt goes through the gateway fault proxy (504 after the send ran). */
  firstAttempt: 'plain' | 'gateway-timeout' | 'double-click';
}

export interface ConsoleUser {
  userId: string;
  companyId: string;
  token: string;
  call<T>(method: string, path: string, body?: unknown, base?: string): Promise<Answer<T>>;
  /** The call, retried like a user would (5xx, 429 and dropped connections), at most `attempts` times. */
  retried<T>(method: string, path: string, body?: unknown, attempts?: number): Promise<Answer<T>>;
  /** Sends a reply as the console does under `plan` (`faultyApiUrl`: the REST API behind the gateway fault proxy). */
  sendReply(ticketId: string, text: string, plan: SendPlan, faultyApiUrl: string): Promise<void>;
  socket(): Promise<RealtimeSocket>;
}

/** What a client tries again: no answer at all, a 429, a 5xx. */
export const RETRYABLE = (status: number) => status === 0 || status === 429 || status >= 500;
/** A 2xx: status 0 (no answer at all: the platform was down or the connection dropped) is not one. */
export const succeeded = (answer: Answer) => answer.status >= 200 && answer.status < 300;

export async function consoleUser(apiUrl: string, wsUrl: string, email: string, password: string): Promise<ConsoleUser> {
  const client: ConsoleClient = await signIn(apiUrl, wsUrl, email, password);
  const call = async <T>(method: string, path: string, body?: unknown, base = apiUrl): Promise<Answer<T>> => {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${client.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? safeJson(text) : undefined) as T };
    } catch (err) {
      return { status: 0, body: String(err) as T }; // the connection dropped: no answer at all
    }
  };
  const retried = async <T>(method: string, path: string, body?: unknown, attempts = 5): Promise<Answer<T>> => {
    let answer = await call<T>(method, path, body);
    for (let n = 1; n < attempts && RETRYABLE(answer.status); n++) {
      await new Promise((r) => setTimeout(r, 200 * n));
      answer = await call<T>(method, path, body);
    }
    return answer;
  };
  const me = await retried<{ id: string }>('GET', '/auth/me');
  if (me.status !== 200) throw new Error(`GET /auth/me answered ${me.status}`);

  return {
    userId: me.body.id,
    companyId: client.companyId,
    token: client.token,
    call,
    retried,
    socket: () => client.socket(),
    async sendReply(ticketId, text, plan, faultyApiUrl) {
      const draft = {
        body: text,
        ...(plan.idempotency === 'key' ? { clientMessageId: randomBytes(16).toString('hex') } : {}),
      };
      const path = `/messages/${ticketId}`;
      if (plan.firstAttempt === 'double-click') {
        const both = await Promise.all([call<MessageDto[]>('POST', path, draft), call<MessageDto[]>('POST', path, draft)]);
        if (both.some(succeeded)) return;
      } else {
        const base = plan.firstAttempt === 'gateway-timeout' ? faultyApiUrl : apiUrl;
        const first = await call<MessageDto[]>('POST', path, draft, base);
        if (succeeded(first)) return;
        if (!RETRYABLE(first.status)) throw new Error(`send answered ${first.status}: ${JSON.stringify(first.body)}`);
      }
      // The console's retry: the same draft again (with its key, when it has one).
      const again = await retried<MessageDto[]>('POST', path, draft, 4);
      if (!succeeded(again)) throw new Error(`send retried answered ${again.status}: ${JSON.stringify(again.body)}`);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
