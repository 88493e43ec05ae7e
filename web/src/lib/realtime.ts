import { useEffect, useRef } from 'react';
import {
  REALTIME_FRAMES_PARAM,
  REALTIME_PACKED_FRAMES,
  REALTIME_PING_ACTION,
  REALTIME_PING_INTERVAL_MS,
  realtimeChannel,
  unpackRealtimeFrame,
  type RealtimeChannelKind,
  type RealtimeClientFrame,
  type RealtimeEvents,
} from '@atende/shared';
import { refreshSession } from './api-client';
import { getRuntimeConfig } from './config';
import { queryClient } from './query-client';
import { sessionStore, useSessionUser } from './session-store';

/**
 * One WebSocket per signed-in tab (docs/decisions.md "Realtime by audience"). The server decides
 * who receives what (company, admins, one user, a queue's tickets, the viewers of one ticket), so
 * the console only routes envelopes to whoever listens on their channel, typed by the shared
 * `RealtimeEvents` map. The socket follows the session:
 * - opened on sign-in, closed on sign-out;
 * - a ping every 5 minutes keeps it inside API Gateway's 10-minute idle limit (answered by API
 *   Gateway itself, no function runs);
 * - the server closes a socket once its access token expires, so shortly before that the console
 *   opens a new socket with a fresh token and only then closes the old one (no gap);
 * - when it drops, it reconnects with backoff and a fresh token, and then refetches what the
 *   screens show (react-query invalidation): events sent during the gap are not lost;
 * - the first socket of a session is a gap too: the page's first reads run before it is open (its
 *   code loads after the first paint), so a push sent in between is caught up the same way
 *   (docs/decisions.md "No push lost at page load").
 */
export const PING_INTERVAL_MS = REALTIME_PING_INTERVAL_MS;
const MAX_BACKOFF_MS = 30_000;
/** Refresh before connecting when the token has less than this left. */
const TOKEN_MIN_REMAINING_MS = 60_000;
/** Replace the socket this long before its token expires. */
const ROTATE_BEFORE_EXPIRY_MS = 45_000;

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let socket: WebSocket | null = null;
let pingTimer: ReturnType<typeof setInterval> | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let rotateTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;
let wanted = false;
/** Nothing listened since the last open socket (a drop, or none yet this session): the next open must refetch. */
let gap = true;
/** The ticket this tab shows; re-joined on every new socket. */
let viewingTicketId: string | null = null;
let onReconnect: () => void = () => undefined;

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

/** Routes a received frame's envelopes (one, or a packed frame's, in order) to their channels' listeners. */
function dispatch(raw: string): void {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return;
  }
  for (const envelope of unpackRealtimeFrame(frame)) {
    for (const handler of [...(handlers.get(envelope.channel) ?? [])]) {
      try {
        handler(envelope.data);
      } catch (error) {
        console.error('realtime handler failed', envelope.channel, error);
      }
    }
  }
}

function send(frame: RealtimeClientFrame | { action: typeof REALTIME_PING_ACTION }): void {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function clearTimers(): void {
  if (pingTimer) clearInterval(pingTimer);
  if (reconnectTimer) clearTimeout(reconnectTimer);
  if (rotateTimer) clearTimeout(rotateTimer);
  pingTimer = null;
  reconnectTimer = null;
  rotateTimer = null;
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

/** Opens a socket with `token`; `onOpen` runs once it is open. */
function connect(token: string, onOpen: (ws: WebSocket) => void, onFail: () => void): WebSocket {
  const url = new URL(getRuntimeConfig().wsUrl);
  url.searchParams.set('token', token);
  url.searchParams.set(REALTIME_FRAMES_PARAM, REALTIME_PACKED_FRAMES); // a fan-out batch in one frame
  const ws = new WebSocket(url.toString());
  let opened = false;
  ws.onopen = () => {
    opened = true;
    onOpen(ws);
  };
  ws.onmessage = (event) => dispatch(String(event.data));
  ws.onclose = () => {
    if (!opened) onFail();
    else if (socket === ws) dropped();
  };
  // onerror is always followed by onclose, which owns the reconnect.
  return ws;
}

/** The socket in use is now `ws`: keep it alive, re-join the ticket, plan its replacement. */
function adopt(ws: WebSocket, token: string): void {
  socket = ws;
  attempts = 0;
  clearTimers();
  pingTimer = setInterval(() => send({ action: REALTIME_PING_ACTION }), PING_INTERVAL_MS);
  if (viewingTicketId) send({ action: 'joinTicket', ticketId: viewingTicketId });
  const rotateIn = tokenExpiresAt(token) - Date.now() - ROTATE_BEFORE_EXPIRY_MS;
  if (rotateIn > 0) rotateTimer = setTimeout(() => void rotate(), rotateIn);
  if (gap) {
    gap = false;
    onReconnect();
  }
}

function dropped(): void {
  socket = null;
  gap = true;
  clearTimers();
  scheduleReconnect();
}

async function open(): Promise<void> {
  const token = await freshToken();
  if (!wanted || !token || socket) return;
  socket = connect(
    token,
    (ws) => adopt(ws, token),
    () => {
      socket = null;
      gap = true;
      scheduleReconnect();
    },
  );
}

/** Make before break: the new socket takes over once open, then the old one closes. */
async function rotate(): Promise<void> {
  const old = socket;
  const token = await freshToken();
  if (!wanted || !token || socket !== old) return;
  connect(
    token,
    (ws) => {
      if (!wanted || socket !== old) return ws.close();
      if (old) {
        old.onclose = null;
        old.close();
      }
      adopt(ws, token);
    },
    () => undefined,
  ); // the old socket stays; the server closing it takes the reconnect path
}

function close(): void {
  wanted = false;
  clearTimers();
  attempts = 0;
  gap = true;
  const ws = socket;
  socket = null;
  if (ws) ws.onclose = null;
  ws?.close();
}

let started = false;

/**
 * Ties the socket to the session. Called once at boot. When a socket opens after a gap (the
 * session's first, or after a drop), `refetch` runs: by default every query is invalidated, the
 * shown ones refetched at once (all of them were read, or are being read, before this socket).
 */
export function startRealtime(options: { refetch?: () => void } = {}): () => void {
  if (started) return () => {};
  started = true;
  onReconnect = options.refetch ?? (() => void queryClient.invalidateQueries());
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

/** Listen to one channel (full name) until the returned function is called. */
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

/**
 * Listen to one channel of the signed-in user's company for the lifetime of the calling component,
 * typed by the shared map: `useRealtime('whatsapp', (data) => …)` gets a `WhatsappRealtimeData`.
 * Frames come off the wire: handlers still check `action` before reading fields.
 */
export function useRealtime<K extends RealtimeChannelKind>(
  kind: K,
  handler: (data: RealtimeEvents[K]) => void,
  enabled = true,
): void {
  const companyId = useSessionUser()?.companyId ?? null;
  const latest = useRef(handler);
  latest.current = handler;
  const channel = enabled && companyId ? realtimeChannel[kind](companyId) : null;
  useEffect(() => {
    if (!channel) return undefined;
    return subscribeRealtime(channel, (data) => latest.current(data as RealtimeEvents[K]));
  }, [channel]);
}

/**
 * While mounted with a ticket id, this tab is a viewer of that ticket: the server sends it the
 * ticket's per-viewer events (message receipts …), after checking the user may see the ticket.
 */
export function useTicketRoom(ticketId: string | null | undefined): void {
  useEffect(() => {
    if (!ticketId) return undefined;
    viewingTicketId = ticketId;
    send({ action: 'joinTicket', ticketId });
    return () => {
      if (viewingTicketId !== ticketId) return;
      viewingTicketId = null;
      send({ action: 'leaveTicket' });
    };
  }, [ticketId]);
}
