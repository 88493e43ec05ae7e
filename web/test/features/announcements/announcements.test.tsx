import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNOUNCEMENT_IMAGE_MAX_BYTES, type AnnouncementDto } from '@atende/shared';
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
import { chooseMenuItem } from '../../support/menus';

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

  describe('the image', () => {
    const openNewAnnouncement = async () => {
      sessionStore.signIn('token', platformSuperUser());
      renderWithProviders(
        <>
          <AnnouncementsPage />
          <AppToaster />
        </>,
        { route: '/announcements' },
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Adicionar' }, { timeout: 8000 }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(/Título/), { target: { value: 'Manutenção' } });
      fireEvent.change(within(dialog).getByLabelText(/Texto/), { target: { value: 'Domingo, das 2h às 4h.' } });
      return dialog;
    };
    const pick = (dialog: HTMLElement, file: File) =>
      fireEvent.change(within(dialog).getByTestId('announcement-image-input'), { target: { files: [file] } });
    const png = (bytes: number, name = 'aviso.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

    it('is checked when picked: a file too large for the upload, or not png/jpg, says so and is not kept', async () => {
      fakeApi(list([]));
      const dialog = await openNewAnnouncement();
      expect(within(dialog).getByText('png ou jpg, até 750 KB.')).toBeTruthy();

      pick(dialog, png(ANNOUNCEMENT_IMAGE_MAX_BYTES + 1));
      expect((await within(dialog).findByRole('alert')).textContent).toBe('A imagem passa de 750 KB: escolha uma menor.');
      expect(within(dialog).queryByTestId('announcement-image-name')).toBeNull();

      pick(dialog, new File([new Uint8Array(10)], 'aviso.gif', { type: 'image/gif' }));
      expect(within(dialog).getByRole('alert').textContent).toBe('Envie uma imagem png ou jpg.');

      pick(dialog, png(ANNOUNCEMENT_IMAGE_MAX_BYTES));
      expect(within(dialog).getByTestId('announcement-image-name').textContent).toBe('aviso.png');
      expect(within(dialog).queryByRole('alert')).toBeNull();
    });

    it('failing to upload leaves the saved announcement open: saving again updates it, never a second one', async () => {
      const created = announcement('a9', { title: 'Manutenção' });
      const { calls } = fakeApi({
        ...list([]),
        'POST /api/announcements': { status: 200, body: created },
        'PUT /api/announcements/a9': { status: 200, body: created },
        'POST /api/announcements/a9/media-upload': [
          { status: 500, body: { error: 'ERR_INTERNAL' } },
          { status: 200, body: { ...created, mediaName: 'aviso.png' } },
        ],
      });
      const dialog = await openNewAnnouncement();
      pick(dialog, png(1000));

      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/media-upload'))).toHaveLength(1));
      expect(screen.getByRole('dialog')).toBeTruthy();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
      const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
      expect(writes).toEqual([
        'POST /api/announcements',
        'POST /api/announcements/a9/media-upload',
        'PUT /api/announcements/a9',
        'POST /api/announcements/a9/media-upload',
      ]);
    });
  });
});
