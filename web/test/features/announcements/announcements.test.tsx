import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AnnouncementDto } from '@atende/shared';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementsPopover } from '@/features/announcements';
import { ANNOUNCEMENTS_REDIRECT_MS, AnnouncementsPage } from '@/features/announcements/components/announcements-page';
import { AppToaster } from '@/components/app-toaster';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { fakeApi } from '../../support/fake-api';
import { platformSuperUser, sessionUser } from '../../support/fixtures';
import { renderWithProviders } from '../../support/render';

const announcement = (id: string, overrides: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id,
  title: `Aviso ${id}`,
  text: 'Manutenção no domingo.',
  priority: 1,
  status: true,
  mediaName: null,
  mediaUrl: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** Menus select the highlighted item: reach it with the keyboard, as jsdom has no pointer moves. */
async function chooseMenuItem(name: RegExp) {
  const menu = await screen.findByRole('menu');
  const target = within(menu).getByRole('menuitem', { name });
  for (let i = 0; i < 10 && !target.hasAttribute('data-highlighted'); i += 1) {
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    await waitFor(() => expect(menu.querySelector('[data-highlighted]')).not.toBeNull());
  }
  fireEvent.keyDown(menu, { key: 'Enter' });
}

const list = (records: AnnouncementDto[]) => ({
  'GET /api/announcements': { status: 200, body: { records, hasMore: false } },
});

describe('announcements popover badge (issue 30 item 12)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.signIn('token', sessionUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  const badge = () => screen.queryByTestId('announcements-unread')?.textContent ?? null;

  it('counts the announcements not opened yet, and forgets one once it is read', async () => {
    fakeApi(list([announcement('a1'), announcement('a2', { priority: 3 })]));
    const first = renderWithProviders(<AnnouncementsPopover />);
    await waitFor(() => expect(badge()).toBe('2'));

    fireEvent.click(screen.getByTestId('announcements-trigger'));
    await chooseMenuItem(/Aviso a1/);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(badge()).toBe('1'));

    // A new page load (the same user, the same browser) remembers what was read.
    first.unmount();
    renderWithProviders(<AnnouncementsPopover />);
    await waitFor(() => expect(badge()).toBe('1'));
  });

  it('counts an edited announcement as new again, and keeps each user’s reading apart', async () => {
    localStorage.setItem('announcementsRead:u1', JSON.stringify({ a1: '2026-11-01T10:00:00.000Z' }));
    fakeApi(list([announcement('a1', { updatedAt: '2026-11-02T08:00:00.000Z' })]));
    const view = renderWithProviders(<AnnouncementsPopover />);
    await waitFor(() => expect(badge()).toBe('1'));
    view.unmount();

    fakeApi(list([announcement('a1')]));
    renderWithProviders(<AnnouncementsPopover />);
    await waitFor(() => expect(screen.getByTestId('announcements-trigger')).toBeTruthy());
    await waitFor(() => expect(badge()).toBeNull());
    act(() => sessionStore.signIn('token', sessionUser({ id: 'u2' })));
    await waitFor(() => expect(badge()).toBe('1'));
  });
});

describe('announcements page (spec part 3 "Announcements page")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    toaster.remove();
  });

  it("lists each announcement's attachment name, or 'Sem anexo'", async () => {
    sessionStore.signIn('token', platformSuperUser());
    fakeApi(list([announcement('a1', { mediaName: 'manutencao.png' }), announcement('a2')]));
    renderWithProviders(<AnnouncementsPage />, { route: '/announcements' });
    const cells = await screen.findAllByTestId('announcement-attachment', {}, { timeout: 8000 });
    expect(cells.map((cell) => cell.textContent)).toEqual(['manutencao.png', 'Sem anexo']);
    expect(screen.getByRole('columnheader', { name: 'Anexo' })).toBeTruthy();
  });

  it('tells a user who is not super why, then sends them to /tickets after 1 s', async () => {
    sessionStore.signIn('token', sessionUser({ profile: 'admin', super: false }));
    const { calls } = fakeApi(list([announcement('a1')]));
    renderWithProviders(
      <>
        <Routes>
          <Route path="/announcements" element={<AnnouncementsPage />} />
          <Route path="/tickets" element={<p>tickets page</p>} />
        </Routes>
        <AppToaster />
      </>,
      { route: '/announcements' },
    );
    expect(await screen.findByText('Voce nao tem permissao para acessar este recurso! Vou te redirecionar.')).toBeTruthy();
    expect(screen.queryByText('tickets page')).toBeNull();
    await waitFor(() => expect(screen.getByText('tickets page')).toBeTruthy(), {
      timeout: ANNOUNCEMENTS_REDIRECT_MS + 2000,
    });
    expect(calls.some((call) => call.path === '/api/announcements')).toBe(false);
  });
});
