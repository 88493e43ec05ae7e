import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckContactListNumbersAnswer, ContactListItemDto } from '@atende/shared';
import { notify } from '@/lib/toaster';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';
import { item, renderItemsPage } from './support';

const live = vi.hoisted(() => ({ handlers: new Map<string, (data: unknown) => void>() }));
vi.mock('@/lib/realtime', () => ({
  useRealtime: (kind: string, handler: (data: unknown) => void) => void live.handlers.set(kind, handler),
}));

const LIST = {
  id: 'l1',
  name: 'CLIENTES VIP',
  contactsCount: 2,
  contactsLimit: 10,
  remaining: 8,
  createdAt: '',
  updatedAt: '',
};

/** List l1 with `items()`; check-numbers answers page by page from `pages` (keyed by the cursor sent). */
function checkApi(
  items: () => ContactListItemDto[],
  pages: Record<string, CheckContactListNumbersAnswer | Promise<CheckContactListNumbersAnswer>>,
) {
  return fakeTicketsApi(async (call) => {
    if (call.method === 'GET' && call.path === '/contact-lists/l1') return ok(LIST);
    if (call.method === 'GET' && call.path === '/contact-list-items') return ok({ contacts: items(), hasMore: false });
    if (call.method === 'POST' && call.path === '/contact-lists/l1/check-numbers') {
      const { cursor } = call.body as { cursor?: string };
      return ok(await pages[cursor ?? 'first']);
    }
    return undefined;
  });
}

/** Generous waits: the suite runs beside others on a loaded machine. */
const SLOW = { timeout: 5000 };

const validity = async () =>
  (await screen.findAllByTestId('contact-list-item-validity', {}, SLOW)).map((cell) => cell.dataset.valid);

async function askAndConfirm() {
  fireEvent.click(await screen.findByTestId('contact-list-items-check', {}, SLOW));
  const dialog = await screen.findByRole('alertdialog', {}, SLOW);
  expect(within(dialog).getByText('Verificar os números no WhatsApp?')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
}

describe('"Verificar números" on the contact list items page (issue 27 item 2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    live.handlers.clear();
  });

  it('walks every page after a confirmation, tells what was asked, and the rows change live as answers arrive', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    let answered = false;
    const info = vi.spyOn(notify, 'info');
    const { calls } = checkApi(
      () => [
        item('i1', 'Ana', '5511987654321', answered ? true : null),
        item('i2', 'Bia', '5521998887777', answered ? false : null),
      ],
      {
        first: { settled: 1, asked: 0, whatsappCheck: 'checked', cursor: 'c2' },
        c2: { settled: 0, asked: 2, whatsappCheck: 'pending' },
      },
    );
    renderItemsPage();
    expect(await validity()).toEqual(['null', 'null']);
    await askAndConfirm();

    await waitFor(
      () =>
        expect(info).toHaveBeenCalledWith(
          '2 números enviados para verificação. A lista se atualiza conforme as respostas chegam.',
        ),
      SLOW,
    );
    expect(calls.filter((c) => c.path === '/contact-lists/l1/check-numbers').map((c) => c.body)).toEqual([
      {},
      { cursor: 'c2' },
    ]);

    answered = true; // the session host's numbers.checked answer was recorded; the server publishes a reload
    act(() => live.handlers.get('contactListItem')?.({ action: 'reload', contactListId: 'l1' }));
    await waitFor(async () => expect(await validity()).toEqual(['true', 'false']), SLOW);
  });

  it('asks nothing when the confirmation is cancelled', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = checkApi(() => [item('i1', 'Ana', '5511987654321', null)], {});
    renderItemsPage();
    fireEvent.click(await screen.findByTestId('contact-list-items-check'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), SLOW);
    expect(calls.some((c) => c.path === '/contact-lists/l1/check-numbers')).toBe(false);
  });

  it('stays pending while the pages go, and warns when the default connection is not connected', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const warning = vi.spyOn(notify, 'warning');
    let release!: (answer: CheckContactListNumbersAnswer) => void;
    checkApi(() => [item('i1', 'Ana', '5511987654321', null)], {
      first: new Promise((resolve) => (release = resolve)),
    });
    renderItemsPage();
    await askAndConfirm();
    const button = await screen.findByTestId('contact-list-items-check');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true), SLOW);
    expect(button.textContent).toContain('Verificando…');

    release({ settled: 0, asked: 0, whatsappCheck: 'noConnection' });
    await waitFor(
      () =>
        expect(warning).toHaveBeenCalledWith(
          'Os números não foram verificados no WhatsApp: a conexão padrão não está conectada.',
        ),
      SLOW,
    );
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), SLOW);
  });
});
