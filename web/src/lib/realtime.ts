import { useEffect, useRef } from 'react';
import type { RealtimeEnvelope } from '@atende/shared';
import { refreshSession } from './api-client';
import { getRuntimeConfig } from './config';
import { sessionStore } from './session-store';

/**
 * One WebSocket per signed-in tab. The server filters by company/queue/role, so the
 * client only routes envelopes to whoever listens on their channel. The socket follows
 * the session: opened on sign-in, closed on sign-out, re-opened with backoff and a fresh
 * token when it drops (the JWT is checked only on $connect).
 */
export const PING_INTERVAL_MS = 18_000;
const MAX_BACKOFF_MS = 30_000;
/** Refresh before reconnecting when the token has less than this left. */
const TOKEN_MIN_REMAINING_MS = 60_000;

type Handler = (data: RealtimeEnvelope['data']) => void;

const handlers = new Map<string, Set<Handler>>();
let socket: WebSocket | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;
let wanted = false;

function tokenExpiresAt(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return (payload.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
}

async function freshToken(): Promise<string | null> {
  const { token } = sessionStore.get();
  if (token && tokenExpiresAt(token) - Date.now() > TOKEN_MIN_REMAINING_MS) return token;
  try {
    return await refreshSession();
  } catch {
    return null; // the refresh cleared the session; the session listener stops us
  }
}

function dispatch(raw: string): void {
  let envelope: RealtimeEnvelope;
  try {
    envelope = JSON.parse(raw) as RealtimeEnvelope;
  } catch {
    return;
  }
  const listeners = handlers.get(envelope.channel);
  if (!listeners) return;
  for (const handler of [...listeners]) {
    try {
      handler(envelope.data);
    } catch (error) {
      console.error('realtime handler failed', envelope.channel, error);
    }
  }
}

function clearTimers(): void {
  if (pingTimer) clearInterval(pingTimer);
  if (reconnectTimer) clearTimeout(reconnectTimer);
  pingTimer = null;
  reconnectTimer = null;
}

function scheduleReconnect(): void {
  if (!wanted || reconnectTimer) return;
  const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts) * (0.75 + Math.random() * 0.5);
  attempts += 1;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    void open();
  }, delay);
}

async function open(): Promise<void> {
  const token = await freshToken();
  if (!wanted || !token || socket) return;
  const url = new URL(getRuntimeConfig().wsUrl);
  url.searchParams.set('token', token);
  const ws = new WebSocket(url.toString());
  socket = ws;
  ws.onopen = () => {
    attempts = 0;
    pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ action: 'ping' }));
    }, PING_INTERVAL_MS);
  };
  ws.onmessage = (event) => dispatch(String(event.data));
  ws.onclose = () => {
    if (socket === ws) socket = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    scheduleReconnect();
  };
  // onerror is always followed by onclose, which owns the reconnect.
}

function close(): void {
  wanted = false;
  clearTimers();
  attempts = 0;
  const ws = socket;
  socket = null;
  ws?.close();
}

let started = false;

/** Tie the socket to the session. Called once at boot. */
export function startRealtime(): () => void {
  if (started) return () => {};
  started = true;
  let lastUserId: string | null = null;
  const sync = (): void => {
    const { status, user } = sessionStore.get();
    const userId = status === 'authenticated' && user ? user.id : null;
    if (userId === lastUserId) return;
    lastUserId = userId;
    close();
    if (userId) {
      wanted = true;
      void open();
    }
  };
  sync();
  const unsubscribe = sessionStore.subscribe(sync);
  return () => {
    unsubscribe();
    close();
    started = false;
  };
}

/** Listen to one channel for the lifetime of the calling component. */
export function subscribeRealtime(channel: string, handler: Handler): () => void {
  let set = handlers.get(channel);
  if (!set) {
    set = new Set();
    handlers.set(channel, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(channel);
  };
}

export function useRealtime<T = Record<string, unknown>>(
  channel: string | null | undefined,
  handler: (data: T & { action: string }) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!channel) return undefined;
    return subscribeRealtime(channel, (data) => latest.current(data as unknown as T & { action: string }));
  }, [channel]);
}
