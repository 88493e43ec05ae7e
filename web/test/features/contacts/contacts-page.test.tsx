import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactDto, ImportContactsInput } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { AppToaster } from '@/components/app-toaster';
import { toaster } from '@/lib/toaster';
import { ContactsPage } from '@/features/contacts';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const contact = (id: string, name: string, number: string): ContactDto => ({
  id,
  name,
  number,
  lid: null,
  email: '',
  profilePicUrl: '',
  isGroup: false,
  extraInfo: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

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

const ANA = contact('c1', 'Ana Souza', '5511987654321');
const BRUNO = contact('c2', 'Bruno Lima', '351912345678');
const CARLA = contact('c3', 'Carla Dias', '5521998887777');

function contactsApi(bySearch: Record<string, ContactDto[]>) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/contacts') {
      const list = bySearch[call.query.get('searchParam') ?? ''] ?? [];
      return ok({ contacts: list, count: list.length, hasMore: false });
    }
    if (call.method === 'DELETE' && call.path === '/contacts') {
      const ids = (call.body as { contactIds: string[] }).contactIds;
      return ok({
        deleted: ids.filter((id) => id !== 'c3'),
        refused: ids.includes('c3') ? [{ id: 'c3', error: 'ERR_OTHER_OPEN_TICKET' }] : [],
        notFound: 0,
      });
    }
    if (call.method === 'DELETE') return { status: 204 };
    if (call.method === 'POST' && call.path === '/contacts') {
      const input = call.body as Pick<ContactDto, 'name' | 'number' | 'email' | 'extraInfo'>;
      return input.number === '5511987654321'
        ? { status: 400, body: { error: 'ERR_DUPLICATED_CONTACT' } }
        : ok({ ...contact('c9', input.name, input.number), email: input.email ?? '', extraInfo: input.extraInfo });
    }
    if (call.method === 'GET' && call.path === '/contacts/c1')
      return ok({ ...ANA, extraInfo: [{ name: 'CPF', value: '1' }] });
    if (call.method === 'PUT' && call.path === '/contacts/c1') return ok({ ...ANA, ...(call.body as object) });
    if (call.method === 'POST' && call.path === '/contacts/import') {
      const { rows } = call.body as ImportContactsInput;
      return ok({
        results: rows.map((row) =>
          String(row.number).startsWith('9')
            ? { line: row.line, status: 'refused', reason: 'invalidNumber' }
            : { line: row.line, status: 'created', contactId: `new-${row.line}` },
        ),
      });
    }
    if (call.method === 'POST' && call.path === '/contacts/import/phone') {
      const { cursor } = call.body as { cursor?: string };
      return ok(
        cursor === 'page-2'
          ? { created: 1, updated: 0, unchanged: 2, refused: 1 }
          : { created: 95, updated: 3, unchanged: 2, refused: 0, cursor: 'page-2' },
      );
    }
    return undefined;
  });
}

async function openMenuText(testId: string) {
  fireEvent.click(screen.getByTestId('contacts-menu'));
  return screen.findByTestId(testId);
}

async function openMenuItem(testId: string) {
  fireEvent.click(screen.getByTestId('contacts-menu'));
  fireEvent.click(await screen.findByTestId(testId));
}

describe('the /contacts page (spec part 3 "Contacts page"; issue 27)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toaster.remove(); // the toaster is one for the app (max 4 at once): each test starts with none
  });

  it('lists contacts with country-aware masks and searches on the server', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = contactsApi({ '': [ANA, BRUNO], carla: [CARLA] });
    renderPage();

    const rows = await screen.findAllByTestId('contact-row');
    expect(rows.map((r) => within(r).getByTestId('contact-number').textContent)).toEqual([
      '+55 (11) 98765-4321',
      '+351 912 345 678',
    ]);
    // an operator has neither contacts-page permission: no menu, no delete
    expect(screen.queryByTestId('contacts-menu')).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: 'Excluir' })).toBeNull();

    fireEvent.change(screen.getByTestId('contacts-search'), { target: { value: 'carla' } });
    await waitFor(() => expect(screen.getAllByTestId('contact-name').map((n) => n.textContent)).toEqual(['Carla Dias']), {
      timeout: 3000,
    });
    expect(calls.some((c) => c.path === '/contacts' && c.query.get('searchParam') === 'carla')).toBe(true);
  });

  it("adds a contact by hand with 'Adicionar contato' (any user), and says when the number is taken", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = contactsApi({ '': [ANA] });
    renderPage();
    await screen.findAllByTestId('contact-row');

    fireEvent.click(screen.getByTestId('contacts-add'));
    const dialog = await screen.findByTestId('contact-dialog');
    expect(within(dialog).getByText('Adicionar contato')).toBeTruthy();
    expect(within(dialog).queryByTestId('contact-lid')).toBeNull(); // the lid: admins only
    const [name, number] = within(dialog).getAllByRole('textbox');
    fireEvent.change(name!, { target: { value: 'Ana de novo' } });
    fireEvent.change(number!, { target: { value: '5511987654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    // under the number, not 'Valor inválido' (the field used to get the translated text as if it were a key)
    expect(await within(dialog).findByText('Já existe um contato com este número.')).toBeTruthy();

    fireEvent.change(name!, { target: { value: 'Daniel Reis' } });
    fireEvent.change(number!, { target: { value: '5531977776666' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(screen.queryByTestId('contact-dialog')).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/contacts');
    expect(posts.map((c) => (c.body as { name: string }).name)).toEqual(['Ana de novo', 'Daniel Reis']);
    // the list is read again
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/contacts').length).toBe(2));
  });

  it("edits a contact with the tickets screen's form: its extra information too", async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = contactsApi({ '': [ANA] });
    renderPage();
    const [row] = await screen.findAllByTestId('contact-row');

    fireEvent.click(within(row!).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByTestId('contact-dialog');
    expect(await within(dialog).findByDisplayValue('CPF')).toBeTruthy();
    expect(within(dialog).getByTestId('contact-lid')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByTestId('contact-dialog')).toBeNull());
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/contacts/c1');
    expect(put?.body).toMatchObject({ name: 'Ana Souza', extraInfo: [{ name: 'CPF', value: '1' }] });
  });

  it('deletes a contact only after a confirmation', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = contactsApi({ '': [ANA] });
    renderPage();
    const row = await screen.findByTestId('contact-row');

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Excluir o contato Ana Souza?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/contacts/c1']));
  });

  it('select mode: bulk delete after a confirmation, and says which had open tickets', async () => {
    signInAs({ id: 'u1', profile: 'supervisor' });
    const { calls } = contactsApi({ '': [ANA, BRUNO, CARLA] });
    renderPage();
    await screen.findAllByTestId('contact-row');

    await openMenuItem('contacts-select');
    const boxes = await screen.findAllByTestId('contact-select');
    fireEvent.click(within(boxes[0]!).getByRole('checkbox'));
    await within(screen.getByTestId('contacts-select-bar')).findByText('1 selecionado');
    fireEvent.click(within(boxes[2]!).getByRole('checkbox'));
    await within(screen.getByTestId('contacts-select-bar')).findByText('2 selecionados');

    fireEvent.click(screen.getByTestId('contacts-delete-selected'));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Excluir 2 contatos?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.path).toBe('/contacts');
    expect(del.body).toEqual({ contactIds: ['c1', 'c3'] });
    expect(await screen.findByText(/1 contato\(s\) excluído\(s\); 1 com atendimento aberto/)).toBeTruthy();
  });

  it("exporting with nothing selected warns 'Nenhum contato foi selecionado!'", async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    contactsApi({ '': [ANA] });
    renderPage();
    await screen.findByTestId('contact-row');
    await openMenuItem('contacts-export');
    expect(await screen.findByText('Nenhum contato foi selecionado!')).toBeTruthy();
  });

  it('imports a spreadsheet in chunks of 200 rows and reports each refused row with why', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = contactsApi({ '': [] });
    renderPage();
    await screen.findByTestId('contacts-empty');
    await openMenuItem('contacts-import');
    const dialog = await screen.findByTestId('contacts-import-dialog');

    const lines = ['Nome;Numero;Email'];
    for (let i = 1; i <= 250; i++)
      lines.push(`Pessoa ${i};${i % 100 === 0 ? '9' : '11'}98765${String(i).padStart(4, '0')};`);
    const file = new File([lines.join('\n')], 'contatos.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('contacts-import-file'), { target: { files: [file] } });

    const summary = await within(dialog).findByTestId('contacts-import-summary', {}, { timeout: 3000 });
    expect(summary.textContent).toBe('248 importado(s), 2 recusado(s).');
    const imports = calls.filter((c) => c.path === '/contacts/import');
    expect(imports.map((c) => (c.body as ImportContactsInput).rows.length)).toEqual([200, 50]);
    expect((imports[0]!.body as ImportContactsInput).rows[0]).toEqual({
      line: 2,
      name: 'Pessoa 1',
      number: '11987650001',
      email: '',
    });
    const refused = within(dialog).getAllByTestId('contacts-import-refused');
    expect(refused.map((r) => r.textContent)).toEqual(['101Número inválido', '201Número inválido']);
    expect(within(dialog).getByTestId('contacts-import-progress')).toBeTruthy();
    expect(within(dialog).getByText('250 de 250 linhas')).toBeTruthy();
  });

  it("'Importar do telefone' pages through the address book and ends with a result toast", async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = contactsApi({ '': [] });
    renderPage();
    await screen.findByTestId('contacts-empty');
    expect((await openMenuText('contacts-import-phone')).textContent).toBe('Importar do telefone');
    fireEvent.click(screen.getByTestId('contacts-import-phone'));

    expect(await screen.findByText('Contatos importados com sucesso!', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('96 novo(s), 3 com nome preenchido, 4 já existia(m), 1 sem número válido.')).toBeTruthy();
    const pages = calls.filter((c) => c.path === '/contacts/import/phone').map((c) => c.body);
    expect(pages).toEqual([{}, { cursor: 'page-2' }]);
  });

  it('refuses a legacy .xls file with a clear message, sending nothing', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = contactsApi({ '': [] });
    renderPage();
    await screen.findByTestId('contacts-empty');
    await openMenuItem('contacts-import');
    const dialog = await screen.findByTestId('contacts-import-dialog');
    const file = new File(['binary'], 'antigo.xls', { type: 'application/vnd.ms-excel' });
    fireEvent.change(within(dialog).getByTestId('contacts-import-file'), { target: { files: [file] } });
    expect((await within(dialog).findByTestId('contacts-import-error')).textContent).toMatch(/Salve a planilha como .xlsx/);
    expect(calls.some((c) => c.path === '/contacts/import')).toBe(false);
  });
});
