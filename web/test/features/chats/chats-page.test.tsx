import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ChatDto, ChatMessageDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { ChatsPage } from '@/features/chats/components/chats-page';
import { fakeTicketsApi, ok, signInAs, type ApiCall } from '../tickets/support';
import { CHAT_SCROLL_DELAY_MS } from '@/features/chats/components/chat-messages';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const chat = (overrides: Partial<ChatDto> = {}): ChatDto => ({
  id: 'c1',
  uuid: 'c1',
  title: 'Equipe da manhã',
  ownerId: 'u1',
  lastMessage: 'bom dia',
  updatedAt: '2030-05-01T10:00:00.000Z',
  createdAt: '2030-05-01T09:00:00.000Z',
  users: [
    { userId: 'u1', unreads: 0, user: { id: 'u1', name: 'Ana Admin' } },
    { userId: 'u2', unreads: 0, user: { id: 'u2', name: 'Bruno' } },
  ],
  ...overrides,
});
const message = (overrides: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
  id: 'm1',
  chatId: 'c1',
  senderId: 'u2',
  sender: { id: 'u2', name: 'Bruno' },
  message: 'bom dia',
  createdAt: '2030-05-01T10:00:00.000Z',
  ...overrides,
});

function renderPage(route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/chats/:uuid?" element={<ChatsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** The chat API as the page calls it; `setting` is allowsUserToUseInternalChat as GET /settings/{key} answers. */
function chatsApi(setting: 'enabled' | 'disabled', sent: ApiCall[] = []) {
  return fakeTicketsApi((call) => {
    if (call.path === '/settings/allowsUserToUseInternalChat')
      return ok({ key: 'allowsUserToUseInternalChat', value: setting, companyId: 'c1' });
    if (call.method === 'GET' && call.path === '/chats') return ok({ records: [chat()], hasMore: false });
    if (call.method === 'GET' && call.path === '/chats/c1') return ok(chat());
    if (call.method === 'GET' && call.path === '/chats/c1/messages') return ok({ records: [message()], hasMore: false });
    if (call.method === 'POST' && call.path === '/chats/c1/messages') {
      sent.push(call);
      const body = call.body as { message: string };
      return { status: 201, body: message({ id: `m${sent.length + 1}`, senderId: 'u1', message: body.message }) };
    }
    return undefined;
  });
}

describe("the 'Nova' button (spec part 3 §2, §6)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is hidden from a user when allowsUserToUseInternalChat is disabled', async () => {
    signInAs({ id: 'u2', profile: 'user' }, [{ key: 'allowsUserToUseInternalChat', value: 'disabled' }]);
    chatsApi('disabled');
    renderPage('/chats');
    expect(await screen.findByText('Equipe da manhã')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('chat-new')).toBeNull());
  });

  it('shows for a user when the setting read by key is enabled, even if the session copy is stale', async () => {
    signInAs({ id: 'u2', profile: 'user' }, [{ key: 'allowsUserToUseInternalChat', value: 'disabled' }]);
    chatsApi('enabled');
    renderPage('/chats');
    expect(await screen.findByTestId('chat-new')).toBeTruthy();
  });

  it('always shows for an admin; only the owner sees edit and delete', async () => {
    signInAs({ id: 'u1', profile: 'admin' }, [{ key: 'allowsUserToUseInternalChat', value: 'disabled' }]);
    chatsApi('disabled');
    renderPage('/chats');
    expect(await screen.findByTestId('chat-new')).toBeTruthy();
    expect(await screen.findByTestId('chat-delete')).toBeTruthy();
  });

  it('a member who is not the owner gets no edit or delete', async () => {
    signInAs({ id: 'u2', profile: 'user' }, [{ key: 'allowsUserToUseInternalChat', value: 'enabled' }]);
    chatsApi('enabled');
    renderPage('/chats');
    await screen.findByText('Equipe da manhã');
    expect(screen.queryByTestId('chat-delete')).toBeNull();
  });
});

describe('the message input (spec part 3 §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends on Enter, starts a new line on Shift+Enter, never sends blanks', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const sent: ApiCall[] = [];
    chatsApi('enabled', sent);
    renderPage('/chats/c1');
    expect((await screen.findAllByTestId('chat-bubble')).map((b) => b.textContent)).toEqual([
      expect.stringContaining('bom dia'),
    ]);
    const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'primeira linha' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'primeira linha\nsegunda' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ message: 'primeira linha\nsegunda' });
    expect(input.value).toBe('');
    // the sent message shows as the user's own bubble (right side)
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-bubble').some((b) => b.dataset.own && b.textContent?.includes('segunda'))).toBe(
        true,
      ),
    );
  });

  it('sends with the button too', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const sent: ApiCall[] = [];
    chatsApi('enabled', sent);
    renderPage('/chats/c1');
    const input = (await screen.findByTestId('chat-input')) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'pelo botão' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(sent.map((c) => c.body)).toEqual([{ message: 'pelo botão' }]));
  });
});

describe('the message panel (spec part 3 §2, §9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('scrolled under 600 px from the top, prepends the older page and keeps the same messages in view', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const newer = [message({ id: 'm4', message: 'quarta' }), message({ id: 'm3', message: 'terceira' })];
    const older = [message({ id: 'm2', message: 'segunda' }), message({ id: 'm1', message: 'primeira' })];
    const api = fakeTicketsApi((call) => {
      if (call.path === '/settings/allowsUserToUseInternalChat') return ok({ value: 'enabled' });
      if (call.method === 'GET' && call.path === '/chats') return ok({ records: [chat()], hasMore: false });
      if (call.method === 'GET' && call.path === '/chats/c1') return ok(chat());
      if (call.method === 'GET' && call.path === '/chats/c1/messages')
        return call.query.get('cursor') === 'older'
          ? ok({ records: older, hasMore: false })
          : ok({ records: newer, hasMore: true, cursor: 'older' });
      return undefined;
    });
    // jsdom has no layout: each bubble is 100 px tall
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'chat-messages'
          ? this.querySelectorAll('[data-testid="chat-bubble"]').length * 100
          : 0;
      },
    });
    onTestFinished(() => {
      if (height) Object.defineProperty(HTMLElement.prototype, 'scrollHeight', height);
    });
    renderPage('/chats/c1');
    const pane = await screen.findByTestId('chat-messages');
    await waitFor(() => expect(screen.getAllByTestId('chat-bubble')).toHaveLength(2));
    // the first page scrolls to the bottom (and the selection's 300 ms timer would again)
    await waitFor(() => expect(pane.scrollTop).toBe(200));

    pane.scrollTop = 50;
    fireEvent.scroll(pane);
    await waitFor(() => expect(screen.getAllByTestId('chat-bubble')).toHaveLength(4));
    expect(api.calls.filter((c) => c.path === '/chats/c1/messages').map((c) => c.query.get('cursor'))).toEqual([
      null,
      'older',
    ]);
    // oldest at the top, and the view stays on what the reader was looking at
    expect(screen.getAllByTestId('chat-bubble').map((b) => b.textContent)).toEqual([
      expect.stringContaining('primeira'),
      expect.stringContaining('segunda'),
      expect.stringContaining('terceira'),
      expect.stringContaining('quarta'),
    ]);
    expect(pane.scrollTop).toBe(250);
    // the reader went up before the selection's timer ran: it does not pull them back down
    await new Promise((resolve) => setTimeout(resolve, CHAT_SCROLL_DELAY_MS + 50));
    expect(pane.scrollTop).toBe(250);
  });
});
