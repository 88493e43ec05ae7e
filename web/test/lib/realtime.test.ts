import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PING_INTERVAL_MS, startRealtime, subscribeRealtime } from '@/lib/realtime';
import { sessionStore } from '@/lib/session-store';
import { sessionUser } from '../support/fixtures';

class FakeWebSocket {
  static readonly OPEN = 1;
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }
  receive(envelope: unknown) {
    this.onmessage?.({ data: JSON.stringify(envelope) });
  }
}

const jwt = (expSeconds: number) =>
  `h.${btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '')}.s`;

describe('realtime', () => {
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    sessionStore.clear();
    stop = startRealtime();
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one socket with the access token once signed in, and routes envelopes by channel', async () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 900);
    sessionStore.signIn(token, sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.url).toBe(`ws://api.test/ws?token=${encodeURIComponent(token)}`);

    const mine = vi.fn();
    const other = vi.fn();
    const unsubscribe = subscribeRealtime('company-c1-user', mine);
    subscribeRealtime('company-c2-user', other);
    socket.open();
    socket.receive({ channel: 'company-c1-user', data: { action: 'delete', userId: 'u9' } });

    expect(mine).toHaveBeenCalledWith({ action: 'delete', userId: 'u9' });
    expect(other).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('pings every 18 s and closes on sign-out', async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    socket.open();

    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(socket.sent).toEqual([JSON.stringify({ action: 'ping' })]);

    sessionStore.clear();
    expect(socket.readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1); // no reconnect once signed out
  });

  it('reconnects with backoff when the socket drops', async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    FakeWebSocket.instances[0]!.open();

    FakeWebSocket.instances[0]!.onclose?.();
    await vi.advanceTimersByTimeAsync(2_000);

    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
