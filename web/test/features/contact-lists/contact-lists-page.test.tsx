import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactListDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { ContactListsPage } from '@/features/contact-lists';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const SLOW = { timeout: 8000 };

const contactList = (id: string, name: string, contactsCount: number): ContactListDto => ({
  id,
  name,
  contactsCount,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderPage(lists: ContactListDto[]) {
  const api = fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/contact-lists') return ok({ records: lists, hasMore: false });
    if (call.method === 'PUT' && call.path === '/contact-lists/l1')
      return { status: 400, body: { error: 'ERR_VALIDATION', fields: { name: 'validation.tooLong' } } };
    return undefined;
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/contact-lists']}>
          <Routes>
            <Route path="/contact-lists" element={<ContactListsPage />} />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return api;
}

describe('the /contact-lists page (spec part 3 "Contact lists page")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each list with its contact count, and its open button leads to its contacts', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    renderPage([contactList('l1', 'Clientes', 12), contactList('l2', 'Fornecedores', 0)]);

    const rows = await screen.findAllByTestId('contact-list-row', {}, SLOW);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Clientes', 'Fornecedores']);
    expect(rows.map((row) => within(row).getByTestId('contact-list-count').textContent)).toEqual(['12', '0']);
    // one header per cell: name, contacts, and the actions (open, edit, delete) in one column
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Nome', 'Contatos', 'Ações']);
    expect(within(rows[0]!).getAllByRole('cell')).toHaveLength(3);

    fireEvent.click(within(rows[1]!).getByTestId('contact-list-open'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/contact-lists/l2/contacts'), SLOW);
  });

  it("edits a list in its dialog and shows the API's refusal of the name under the field", async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = renderPage([contactList('l1', 'Clientes', 12)]);
    const [row] = await screen.findAllByTestId('contact-list-row', {}, SLOW);

    fireEvent.click(within(row!).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByTestId('contact-list-dialog', {}, SLOW);
    expect(within(dialog).getByText('Editar lista de contatos')).toBeTruthy();
    const name = within(dialog).getByTestId('contact-list-name') as HTMLInputElement;
    expect(name.value).toBe('Clientes');

    fireEvent.change(name, { target: { value: 'Fornecedores' } });
    fireEvent.click(within(dialog).getByTestId('contact-list-submit'));
    expect(await within(dialog).findByText('Muito longo!', {}, SLOW)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ name: 'Fornecedores' }]);
  });
});
