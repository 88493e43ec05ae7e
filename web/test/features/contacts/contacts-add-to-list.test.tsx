import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto, TransferToListInput } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { AppToaster } from '@/components/app-toaster';
import { ContactsPage } from '@/features/contacts';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const contact = (id: string, name: string): ContactDto => ({
  id,
  name,
  number: `55119876543${id.slice(-2).padStart(2, '0')}`,
  lid: null,
  email: '',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const CAMPAIGNS_ON = [{ key: 'campaignsEnabled', value: 'true' }];
const LIST = { id: 'l1', name: 'CLIENTES VIP', contactsCount: 0, createdAt: '', updatedAt: '' };

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ContactsPage />
        </MemoryRouter>
        <AppToaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

function api(transfer: (input: TransferToListInput) => { status: number; body?: unknown }) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/contacts')
      return ok({ contacts: [contact('c1', 'Ana'), contact('c2', 'Bia')], count: 2, hasMore: false });
    if (call.method === 'GET' && call.path === '/contact-lists') return ok({ records: [LIST], hasMore: false });
    if (call.method === 'POST' && call.path === '/contacts/transferToListCampaigns')
      return transfer(call.body as TransferToListInput);
    return undefined;
  });
}

async function selectBothAndPick() {
  fireEvent.click(screen.getByTestId('contacts-menu'));
  fireEvent.click(await screen.findByTestId('contacts-select'));
  const boxes = await screen.findAllByTestId('contact-select');
  for (const box of boxes) fireEvent.click(within(box).getByRole('checkbox'));
  await within(screen.getByTestId('contacts-select-bar')).findByText('2 selecionados');
  fireEvent.click(screen.getByTestId('contacts-add-to-list'));
  fireEvent.change(await screen.findByTestId('contact-list-picker-search'), { target: { value: 'vip' } });
  fireEvent.click(await screen.findByTestId('contact-list-picker-option', undefined, { timeout: 2000 }));
  fireEvent.click(screen.getByTestId('contact-list-picker-select'));
}

describe('contacts page: bulk add to a contact list (spec part 3 "Contacts page", §5, §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('cshow');
  });

  it('is offered only with the cshow flag and campaigns on', async () => {
    signInAs({ id: 'u1', profile: 'admin' }, CAMPAIGNS_ON);
    localStorage.removeItem('cshow'); // sign-in set it; the user removed it by hand
    api(() => ok({}));
    const view = renderPage();
    fireEvent.click(await screen.findByTestId('contacts-menu'));
    fireEvent.click(await screen.findByTestId('contacts-select'));
    await screen.findByTestId('contacts-select-bar');
    expect(screen.queryByTestId('contacts-add-to-list')).toBeNull(); // no flag
    view.unmount();

    localStorage.setItem('cshow', '1');
    signInAs({ id: 'u1', profile: 'admin' }); // campaigns off
    renderPage();
    fireEvent.click(await screen.findByTestId('contacts-menu'));
    fireEvent.click(await screen.findByTestId('contacts-select'));
    await screen.findByTestId('contacts-select-bar');
    expect(screen.queryByTestId('contacts-add-to-list')).toBeNull();
  });

  it("adds the chosen contacts through the picker and says 'N Contatos foram adicionados com sucesso!'", async () => {
    localStorage.setItem('cshow', '1');
    signInAs({ id: 'u1', profile: 'admin' }, CAMPAIGNS_ON);
    const { calls } = api(() =>
      ok({ added: 2, duplicates: 0, overCapacity: 0, skipped: 0, contactsCount: 2, whatsappCheck: 'checked' }),
    );
    renderPage();
    await screen.findAllByTestId('contact-row');
    await selectBothAndPick();
    expect(await screen.findByText('2 Contatos foram adicionados com sucesso!')).toBeTruthy();
    const transfer = calls.filter((c) => c.path === '/contacts/transferToListCampaigns');
    expect(transfer.map((c) => c.body)).toEqual([{ contactIds: ['c1', 'c2'], contactListId: 'l1' }]);
  });

  it('warns when the list is full and adds nothing', async () => {
    localStorage.setItem('cshow', '1');
    signInAs({ id: 'u1', profile: 'admin' }, CAMPAIGNS_ON);
    api(() => ({ status: 409, body: { error: 'ERR_CONTACT_LIST_FULL', params: { max: 5 } } }));
    renderPage();
    await screen.findAllByTestId('contact-row');
    await selectBothAndPick();
    expect(
      await screen.findByText('Voce atingiu o limite de numeros de contatos nesta lista de contatos no seu plano!'),
    ).toBeTruthy();
    expect(screen.queryByText('0 Contatos foram adicionados com sucesso!')).toBeNull();
    expect(screen.getByTestId('contact-list-picker')).toBeTruthy(); // the picker stays open to choose another list
  });
});
