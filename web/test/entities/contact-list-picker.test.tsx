import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactListDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { ContactListPicker } from '@/entities/contact-list';
import { fakeTicketsApi, ok, signInAs } from '../features/tickets/support';

const list = (id: string, name: string, contactsCount = 0): ContactListDto => ({
  id,
  name,
  contactsCount,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderPicker(onSelect = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <ContactListPicker onClose={() => undefined} onSelect={onSelect} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return onSelect;
}

function listsApi(lists: ContactListDto[]) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/contact-lists') {
      const q = (call.query.get('searchParam') ?? '').toLowerCase();
      return ok({ records: lists.filter((l) => l.name.toLowerCase().includes(q)), hasMore: false });
    }
    if (call.method === 'POST' && call.path === '/contact-lists')
      return { status: 201, body: list('new', (call.body as { name: string }).name) };
    return undefined;
  });
}

const type = (value: string) => fireEvent.change(screen.getByTestId('contact-list-picker-search'), { target: { value } });

describe('the contact-list picker (spec part 3 "Contact-list picker dialog", §5, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('searches only from 3 characters, 300 ms after the last keystroke', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = listsApi([list('l1', 'CLIENTES VIP', 12), list('l2', 'FORNECEDORES')]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPicker();

    type('cl');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls.filter((c) => c.path === '/contact-lists')).toHaveLength(0);
    expect(screen.getByTestId('contact-list-picker-hint')).toBeTruthy();

    type('cli');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls.filter((c) => c.path === '/contact-lists')).toHaveLength(0);
    type('clie');
    await act(() => vi.advanceTimersByTimeAsync(310));
    await waitFor(() => expect(screen.getAllByTestId('contact-list-picker-option')).toHaveLength(1));
    const searches = calls.filter((c) => c.path === '/contact-lists');
    expect(searches.map((c) => c.query.get('searchParam'))).toEqual(['clie']);
  });

  it('selects a found list', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    listsApi([list('l1', 'CLIENTES VIP', 12)]);
    const onSelect = renderPicker();
    type('vip');
    fireEvent.click(await screen.findByTestId('contact-list-picker-option', undefined, { timeout: 2000 }));
    fireEvent.click(screen.getByTestId('contact-list-picker-select'));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'l1' })));
  });

  it('creates a new list in upper case after a confirmation, and refuses a name under 3 characters', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = listsApi([]);
    renderPicker();

    type('ab');
    fireEvent.click(screen.getByTestId('contact-list-picker-add'));
    expect(await screen.findByText('O nome da lista precisa de ao menos 3 caracteres')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('  clientes novos ');
    fireEvent.click(screen.getByTestId('contact-list-picker-add'));
    expect(await screen.findByText('Criar a lista CLIENTES NOVOS?')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0); // nothing before the confirmation
    fireEvent.click(screen.getByText('Criar', { selector: 'button' }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ name: 'CLIENTES NOVOS' }]),
    );
    expect(await screen.findByTestId('contact-list-picker-chosen')).toHaveProperty(
      'textContent',
      'Selecionada: CLIENTES NOVOS',
    );
  });
});
