import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TagDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { TagsPage } from '@/features/tags';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const tag = (id: string, name: string, ticketsCount = 0, color = '#1273DE'): TagDto => ({ id, name, color, ticketsCount });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <TagsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

function tagsApi(pages: Record<string, TagDto[][]>) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/tags') {
      const list = pages[call.query.get('searchParam') ?? ''] ?? [[]];
      const index = call.query.get('cursor') ? Number(call.query.get('cursor')) : 0;
      const hasMore = index + 1 < list.length;
      return ok({ tags: list[index] ?? [], hasMore, ...(hasMore ? { cursor: String(index + 1) } : {}) });
    }
    if (call.method === 'POST' && call.path === '/tags')
      return { status: 201, body: { id: 'new', ...(call.body as object) } };
    if (call.method === 'DELETE') return { status: 204 };
    return undefined;
  });
}

describe('the /tags page (spec part 3 "Tags page")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each tag as a chip in its colour with its ticket count, and searches on the server', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = tagsApi({
      '': [[tag('t1', 'Vip', 12, '#B80000'), tag('t2', 'Atacado', 0)]],
      urg: [[tag('t3', 'Urgente', 3)]],
    });
    renderPage();

    const rows = await screen.findAllByTestId('tag-row');
    expect(rows.map((r) => within(r).getByTestId('tag-chip').textContent)).toEqual(['Vip', 'Atacado']);
    expect(rows.map((r) => within(r).getByTestId('tag-count').textContent)).toEqual(['12', '0']);

    fireEvent.change(screen.getByTestId('tags-search'), { target: { value: 'urg' } });
    await waitFor(() => expect(screen.getAllByTestId('tag-chip').map((c) => c.textContent)).toEqual(['Urgente']), {
      timeout: 3000,
    });
    expect(calls.some((c) => c.query.get('searchParam') === 'urg')).toBe(true);
  });

  it("refuses a name under 3 characters with 'Mensagem muito curta' and creates a valid one", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = tagsApi({ '': [[]] });
    renderPage();
    await screen.findByTestId('tags-empty');

    fireEvent.click(screen.getByTestId('tags-add'));
    const dialog = await screen.findByTestId('tag-dialog');
    fireEvent.change(within(dialog).getByTestId('tag-name'), { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByTestId('tag-submit'));
    expect(await within(dialog).findByText('Mensagem muito curta')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('tag-name'), { target: { value: 'Clientes VIP' } });
    fireEvent.click(within(dialog).getByTestId('tag-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/tags')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'POST')!.body as { name: string; color: string };
    expect(body.name).toBe('Clientes VIP');
    expect(body.color).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('deletes only after a confirmation', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = tagsApi({ '': [[tag('t1', 'Vip', 2)]] });
    renderPage();
    const row = await screen.findByTestId('tag-row');

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Excluir a tag Vip?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/tags/t1']));
  });
});
