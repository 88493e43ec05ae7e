import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PING_INTERVAL_MS, startRealtime, subscribeRealtime, useRealtime, useTicketRoom } from '@/lib/realtime';
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

const jwt = (expSeconds: number) => `h.${btoa(JSON.stringify({ exp: expSeconds })).replace(/=+$/, '')}.s`;

describe('realtime', () => {
  let stop: () => void;
  const refetch = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
    refetch.mockClear();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    sessionStore.clear();
    stop = startRealtime({ refetch });
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
    expect(socket.url).toBe(`ws://api.test/ws?token=${encodeURIComponent(token)}&frames=batch`);

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

  it('routes each envelope of a packed frame, in order, and ignores entries without a channel', async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    const seen: unknown[] = [];
    subscribeRealtime('company-c1-ticket', (data) => seen.push(data));
    subscribeRealtime('company-c1-user', (data) => seen.push(data));
    socket.open();

    socket.receive({
      frames: [
        { channel: 'company-c1-ticket', data: { action: 'update', n: 1 } },
        { data: { action: 'junk' } },
        { channel: 'company-c1-user', data: { action: 'update', n: 2 } },
        { channel: 'company-c1-ticket', data: { action: 'delete', n: 3 } },
      ],
    });

    expect(seen).toEqual([
      { action: 'update', n: 1 },
      { action: 'update', n: 2 },
      { action: 'delete', n: 3 },
    ]);
  });

  it('pings every 5 minutes (inside the 10-minute idle limit) and closes on sign-out', async () => {
    expect(PING_INTERVAL_MS).toBe(5 * 60 * 1000);
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    socket.open();

    vi.advanceTimersByTime(PING_INTERVAL_MS - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([JSON.stringify({ action: 'ping' })]);

    sessionStore.clear();
    expect(socket.readyState).toBe(3);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1); // no reconnect once signed out
  });

  it('catches up when the first socket opens (the page read before it), and again after a drop', async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(refetch).not.toHaveBeenCalled();
    FakeWebSocket.instances[0]!.open();
    expect(refetch).toHaveBeenCalledTimes(1);

    FakeWebSocket.instances[0]!.onclose?.();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(refetch).toHaveBeenCalledTimes(1);

    FakeWebSocket.instances[1]!.open();
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('a new session catches up again: signed out and in, its first socket refetches', async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    FakeWebSocket.instances[0]!.open();
    sessionStore.clear();
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser({ id: 'u2' }));
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    FakeWebSocket.instances[1]!.open();
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('replaces the socket before its token expires: the new one opens first, no gap, no refetch', async () => {
    const now = Math.floor(Date.now() / 1000);
    sessionStore.signIn(jwt(now + 300), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const first = FakeWebSocket.instances[0]!;
    first.open();
    sessionStore.setToken(jwt(now + 1200)); // the API client refreshed meanwhile

    await vi.advanceTimersByTimeAsync(300_000 - 45_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const second = FakeWebSocket.instances[1]!;
    expect(second.url).toContain(encodeURIComponent(jwt(now + 1200)));
    expect(first.readyState).toBe(FakeWebSocket.OPEN); // still in use until the new one is open

    second.open();
    expect(first.readyState).toBe(3);
    expect(refetch).toHaveBeenCalledTimes(1); // the first socket's catch-up only
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2); // closing the old one did not trigger a reconnect
  });

  it("useRealtime listens to the signed-in company's channel of that kind", async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0]!;
    socket.open();
    const seen = vi.fn();
    const { unmount } = renderHook(() => useRealtime('whatsapp', seen));

    socket.receive({ channel: `company-${sessionUser().companyId}-whatsapp`, data: { action: 'delete', whatsappId: 'w1' } });
    socket.receive({ channel: 'company-other-whatsapp', data: { action: 'delete', whatsappId: 'w2' } });
    socket.receive({ channel: `company-${sessionUser().companyId}-user`, data: { action: 'delete', userId: 'u2' } });

    expect(seen.mock.calls).toEqual([[{ action: 'delete', whatsappId: 'w1' }]]);
    unmount();
  });

  it('useTicketRoom joins the shown ticket, re-joins on a new socket and leaves on unmount', async () => {
    sessionStore.signIn(jwt(Math.floor(Date.now() / 1000) + 900), sessionUser());
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    FakeWebSocket.instances[0]!.open();
    const { unmount } = renderHook(() => useTicketRoom('t1'));
    expect(FakeWebSocket.instances[0]!.sent).toEqual([JSON.stringify({ action: 'joinTicket', ticketId: 't1' })]);

    FakeWebSocket.instances[0]!.onclose?.();
    await vi.advanceTimersByTimeAsync(2_000);
    FakeWebSocket.instances[1]!.open();
    expect(FakeWebSocket.instances[1]!.sent).toEqual([JSON.stringify({ action: 'joinTicket', ticketId: 't1' })]);

    unmount();
    expect(FakeWebSocket.instances[1]!.sent.at(-1)).toBe(JSON.stringify({ action: 'leaveTicket' }));
  });
});
