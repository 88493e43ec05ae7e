import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/app-toaster';
import { useSessionEvents } from '@/features/auth';
import { startRealtime } from '@/lib/realtime';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { fakeApi } from '../../support/fake-api';
import { sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

class FakeWebSocket {
  static readonly OPEN = 1;
  static last: FakeWebSocket | undefined;
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send() {}
  close() {}
  receive(envelope: unknown) {
    this.onmessage?.({ data: JSON.stringify(envelope) });
  }
}

function Watcher() {
  useSessionEvents();
  return null;
}

const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 }))}.s`;

describe('live session events (spec part 1 §4)', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    fakeApi({ 'DELETE /api/auth/logout': { status: 204 } });
    sessionStore.signIn(token, sessionUser(), { sessionId: 'this-device' });
    stop = startRealtime();
  });
  afterEach(() => {
    stop();
    toaster.remove();
    vi.unstubAllGlobals();
  });

  it('logs out with a message when an administrator deletes the signed-in user', async () => {
    renderWithProviders(
      <>
        <Watcher />
        <AppToaster />
      </>,
    );
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());

    FakeWebSocket.last!.receive({ channel: 'company-c1-user', data: { action: 'delete', userId: 'u1' } });

    expect(await screen.findByText('Usuário excluído pelo administrador.')).toBeTruthy();
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('logs out with a message when the server revokes the socket of a deactivated user', async () => {
    renderWithProviders(
      <>
        <Watcher />
        <AppToaster />
      </>,
    );
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());

    FakeWebSocket.last!.receive({ channel: 'company-c1-auth', data: { action: 'revoked', reason: 'deactivated' } });

    expect(await screen.findByText('Seu usuário foi desativado pelo administrador.')).toBeTruthy();
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('ignores events about other users but keeps its copy of the signed-in user fresh', async () => {
    renderWithProviders(<Watcher />);
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());

    FakeWebSocket.last!.receive({ channel: 'company-c1-user', data: { action: 'delete', userId: 'someone-else' } });
    FakeWebSocket.last!.receive({
      channel: 'company-c1-user',
      data: { action: 'update', user: { id: 'u1', name: 'Ana Maria' } },
    });

    expect(sessionStore.get().status).toBe('authenticated');
    expect(sessionStore.get().user?.name).toBe('Ana Maria');
  });

  it('logs out when the same user signs in on another device, not on its own sign-in (issue 8 item 14)', async () => {
    renderWithProviders(
      <>
        <Watcher />
        <AppToaster />
      </>,
    );
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());

    FakeWebSocket.last!.receive({
      channel: 'company-c1-auth',
      data: { action: 'update', user: { id: 'u1' }, sessionId: 'this-device' },
    });
    FakeWebSocket.last!.receive({ channel: 'company-c1-auth', data: { action: 'update', user: { id: 'u1' } } });
    FakeWebSocket.last!.receive({
      channel: 'company-c1-auth',
      data: { action: 'update', user: { id: 'u2' }, sessionId: 'elsewhere' },
    });
    expect(sessionStore.get().status).toBe('authenticated');

    FakeWebSocket.last!.receive({
      channel: 'company-c1-auth',
      data: { action: 'update', user: { id: 'u1' }, sessionId: 'other-device' },
    });

    expect(await screen.findByText('Sua conta foi acessada em outro dispositivo.')).toBeTruthy();
    expect(sessionStore.get().status).toBe('anonymous');
  });
});
