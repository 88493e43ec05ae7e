import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatDto } from '@atende/shared';
import { ChatsPopover } from '@/features/chats';
import { renderWithProviders } from '../../support/render';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';
import { chooseMenuItem } from '../../support/menus';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

/** The first render loads the app's texts and theme: slow on a busy machine. */
const SLOW = { timeout: 8000 };

const chat = (id: string, title: string, unreads: number): ChatDto => ({
  id,
  uuid: id,
  title,
  ownerId: 'u2',
  lastMessage: `última de ${title}`,
  updatedAt: '2030-05-01T10:00:00.000Z',
  createdAt: '2030-05-01T09:00:00.000Z',
  users: [
    { userId: 'u1', unreads, user: { id: 'u1', name: 'Ana Admin' } },
    { userId: 'u2', unreads: 0, user: { id: 'u2', name: 'Bruno' } },
  ],
});

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderPopover(chats: ChatDto[], total: number) {
  fakeTicketsApi((call) => {
    if (call.path === '/chats/unread') return ok({ total });
    if (call.method === 'GET' && call.path === '/chats') return ok({ records: chats, hasMore: false });
    return undefined;
  });
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ChatsPopover />
            <Location />
          </>
        }
      />
    </Routes>,
    { route: '/tickets' },
  );
}

describe('chats popover (spec part 1 §2, internal chat)', () => {
  beforeEach(() => signInAs({ id: 'u1' }));
  afterEach(() => vi.unstubAllGlobals());

  it("counts the user's unread messages on the trigger and in each chat, and opens the chosen one", async () => {
    renderPopover([chat('c1', 'Equipe da manhã', 0), chat('c2', 'Suporte', 3)], 3);
    await waitFor(() => expect(screen.queryByTestId('chats-unread')?.textContent).toBe('3'), SLOW);

    fireEvent.click(screen.getByTestId('chats-trigger'));
    const items = await screen.findAllByTestId('chats-popover-item', {}, SLOW);
    expect(items.map((item) => item.textContent)).toEqual([
      'Equipe da manhãúltima de Equipe da manhã',
      'Suporteúltima de Suporte3',
    ]);
    await chooseMenuItem(/Suporte/, SLOW);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chats/c2'), SLOW);
  });

  it('says when there is no chat, shows no count at 0, and "Ver todas" opens the chats page', async () => {
    renderPopover([], 0);
    fireEvent.click(await screen.findByTestId('chats-trigger', {}, SLOW));
    expect(await screen.findByText('Nenhuma conversa.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('chats-unread')).toBeNull();
    await chooseMenuItem(/Ver todas/, SLOW);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chats'), SLOW);
  });
});
