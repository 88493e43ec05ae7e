import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuickMessageDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { AppToaster } from '@/components/app-toaster';
import { toaster } from '@/lib/toaster';
import { QuickMessagesPage } from '@/features/quick-messages';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const reply = (overrides: Partial<QuickMessageDto>): QuickMessageDto => ({
  id: '01JQUICK00000000000000001',
  shortcode: 'bomdia',
  message: 'Bom dia!',
  userId: 'admin',
  toAll: true,
  isMedia: false,
  medias: [],
  mediaName: null,
  mediaUrl: null,
  ...overrides,
});
const records = [
  reply({
    id: 'q1',
    shortcode: 'catalogo',
    toAll: true,
    isMedia: true,
    medias: [{ originalName: 'catalogo.pdf', mimetype: 'application/pdf', size: 10, key: 'k1' }],
  }),
  reply({ id: 'q2', shortcode: 'pix', toAll: false, userId: 'u1' }),
];

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <QuickMessagesPage />
        </MemoryRouter>
        <AppToaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const api = () =>
  fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/quick-messages/list') return ok(records);
    if (call.method === 'POST' && call.path === '/quick-messages')
      return { status: 201, body: reply({ id: 'new', ...(call.body as object) }) };
    return undefined;
  });

describe('the /quick-messages page (spec part 3 "Quick replies page")', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove();
  });

  it("lists file names or 'Nenhum'; a user manages only their own replies that are not for everyone", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    api();
    renderPage();

    const rows = await screen.findAllByTestId('quick-message-row');
    expect(rows.map((r) => within(r).getByTestId('quick-message-files').textContent)).toEqual(['catalogo.pdf', 'Nenhum']);
    expect(within(rows[0]!).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: 'Editar' })).toBeTruthy();
  });

  it('offers "available to" only to admins, and sends it', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    api();
    const first = renderPage();
    fireEvent.click(await screen.findByTestId('quick-messages-add'));
    expect(within(await screen.findByTestId('quick-message-dialog')).queryByTestId('quick-message-scope')).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    signInAs({ id: 'a1', profile: 'admin' });
    const { calls } = api();
    renderPage();
    const rows = await screen.findAllByTestId('quick-message-row');
    expect(within(rows[0]!).queryByRole('button', { name: 'Editar' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('quick-messages-add'));
    const dialog = await screen.findByTestId('quick-message-dialog');
    fireEvent.change(within(dialog).getByTestId('quick-message-shortcode'), { target: { value: 'ola' } });
    fireEvent.change(within(dialog).getByTestId('quick-message-message'), { target: { value: 'Olá, tudo bem?' } });
    fireEvent.change(within(dialog).getByTestId('quick-message-scope'), { target: { value: 'true' } });
    fireEvent.click(within(dialog).getByTestId('quick-message-submit'));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { shortcode: 'ola', message: 'Olá, tudo bem?', toAll: true },
      ]),
    );
  });

  it("warns 'Um arquivo com este nome já foi anexado...' for a duplicate file name", async () => {
    signInAs({ id: 'a1', profile: 'admin' });
    api();
    renderPage();
    const rows = await screen.findAllByTestId('quick-message-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByTestId('quick-message-dialog');
    const file = new File(['x'], 'catalogo.pdf', { type: 'application/pdf' });

    fireEvent.change(within(dialog).getByTestId('quick-message-file-input'), { target: { files: [file] } });

    expect(await screen.findByText('Um arquivo com este nome já foi anexado...')).toBeTruthy();
    expect(within(dialog).queryByTestId('quick-message-pending-file')).toBeNull();
  });
});
