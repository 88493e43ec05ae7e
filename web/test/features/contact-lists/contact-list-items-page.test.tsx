import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactListImportAnswer, ContactListItemDto, ImportContactListInput } from '@atende/shared';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';
import { item, renderItemsPage as renderPage } from './support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

/** A list with `remaining` places; the server creates rows while there is room, refusing numbers starting with 9. */
function listApi(remaining: number, items: ContactListItemDto[] = []) {
  let room = remaining;
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/contact-lists/l1')
      return ok({
        id: 'l1',
        name: 'CLIENTES VIP',
        contactsCount: 10 - room,
        contactsLimit: 10,
        remaining: room,
        createdAt: '',
        updatedAt: '',
      });
    if (call.method === 'GET' && call.path === '/contact-list-items') return ok({ contacts: items, hasMore: false });
    if (call.method === 'POST' && call.path === '/contact-lists/l1/upload') {
      const { rows } = call.body as ImportContactListInput;
      const results = rows.map((row) => {
        if (String(row.number).startsWith('9')) return { line: row.line, status: 'refused', reason: 'invalidNumber' };
        if (room === 0) return { line: row.line, status: 'refused', reason: 'overCapacity' };
        room--;
        return { line: row.line, status: 'created', itemId: `i${row.line}`, isWhatsappValid: null };
      });
      return ok({
        results,
        contactsCount: 10 - room,
        remaining: room,
        whatsappCheck: 'noConnection',
      } as ContactListImportAnswer);
    }
    return undefined;
  });
}

const csv = (count: number) => {
  const lines = ['Nome;Numero;Email'];
  for (let i = 1; i <= count; i++) lines.push(`Pessoa ${i};${i === 2 ? '9' : '11'}98765${String(i).padStart(4, '0')};`);
  return new File([lines.join('\n')], 'lista.csv', { type: 'text/csv' });
};

describe('contact list items page (spec part 3 "Contact list items page", §5, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('titles the page with the list name and shows each item with its WhatsApp icon and formatted number', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    listApi(5, [item('i1', 'Ana', '5511987654321', true), item('i2', 'Bia', '5521998887777', null)]);
    renderPage();
    expect((await screen.findByText('CLIENTES VIP')).tagName).toBe('H1');
    const rows = await screen.findAllByTestId('contact-list-item-row');
    expect(rows.map((r) => within(r).getByTestId('contact-list-item-validity').dataset.valid)).toEqual(['true', 'null']);
    expect(within(rows[0]!).getByText('+55 (11) 98765-4321')).toBeTruthy();
  });

  it('warns of the room left, imports only what fits, and reports every refused row with why', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = listApi(3);
    renderPage();
    fireEvent.click(await screen.findByTestId('contact-list-items-import'));
    const dialog = await screen.findByTestId('contact-list-import-dialog');
    fireEvent.change(within(dialog).getByTestId('contact-list-import-file'), { target: { files: [csv(6)] } });

    const summary = await within(dialog).findByTestId('contact-list-import-summary', {}, { timeout: 3000 });
    expect(summary.textContent).toBe('3 importado(s), 3 recusado(s).');
    expect(within(dialog).getByText('Esta lista de contatos ainda tem um limite de 3 contatos!')).toBeTruthy();
    expect(within(dialog).getByText('Apenas 3 contatos serao importados!')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByTestId('contact-list-import-refused')
        .map((r) => r.textContent),
    ).toEqual(['3Número inválido', '6Limite de contatos da lista atingido', '7Limite de contatos da lista atingido']);
    expect(within(dialog).getByTestId('contact-list-import-whatsapp').textContent).toMatch(
      /conexão padrão não está conectada/,
    );
    expect(calls.filter((c) => c.path === '/contact-lists/l1/upload')).toHaveLength(1);
  });

  it('blocks the import of a full list, sending nothing', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = listApi(0);
    renderPage();
    fireEvent.click(await screen.findByTestId('contact-list-items-import'));
    const dialog = await screen.findByTestId('contact-list-import-dialog');
    fireEvent.change(within(dialog).getByTestId('contact-list-import-file'), { target: { files: [csv(2)] } });
    expect((await within(dialog).findByTestId('contact-list-import-error', {}, { timeout: 3000 })).textContent).toBe(
      'Voce atingiu o limite de numeros de contatos nesta lista de contatos no seu plano!',
    );
    expect(calls.filter((c) => c.path === '/contact-lists/l1/upload')).toHaveLength(0);
  });
});
