import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ListPage, type ListPageDeletion } from '@/components/list-page';
import type { ListCardQuery } from '@/components/list-card';
import { renderWithProviders } from '../support/render';

const settled: ListCardQuery = { isPending: false, isError: false, error: null, refetch: vi.fn() };
const empty = { icon: null, title: 'Nenhuma etiqueta', description: 'Adicione a primeira', testId: 'x-empty' };
const closedDeletion = (over: Partial<ListPageDeletion['dialog']> = {}): ListPageDeletion => ({
  dialog: { open: false, loading: false, onConfirm: vi.fn(), onClose: vi.fn(), ...over },
  title: 'Excluir a etiqueta vip?',
  confirmLabel: 'Excluir',
  text: 'A etiqueta será removida.',
});

/** A page whose search the test types into, as the features wire it (input shown, search active). */
function SearchablePage({ onAdd, count }: { onAdd: () => void; count: number }) {
  const [input, setInput] = useState('');
  return (
    <ListPage
      title="Etiquetas"
      search={{ label: 'Pesquisar', input, onInput: setInput, active: input }}
      addLabel="Adicionar"
      onAdd={onAdd}
      testIdPrefix="x"
      list={settled}
      count={count}
      empty={empty}
      deletion={closedDeletion()}
    >
      <span>rows</span>
    </ListPage>
  );
}

describe('ListPage', () => {
  it('has a search box and an add button in the header; the empty state offers to add only with no search on', async () => {
    const onAdd = vi.fn();
    renderWithProviders(<SearchablePage onAdd={onAdd} count={0} />);
    expect(screen.getByRole('heading', { name: 'Etiquetas' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('x-add'));
    await userEvent.click(within(screen.getByTestId('x-empty')).getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledTimes(2);

    await userEvent.type(screen.getByTestId('x-search'), 'vip');
    expect(within(screen.getByTestId('x-empty')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('x-add')).toBeTruthy();
  });

  it('without a search, the header has the add button alone; without onAdd, no add button anywhere', () => {
    const view = renderWithProviders(
      <ListPage
        title="Respostas"
        addLabel="Adicionar"
        onAdd={vi.fn()}
        testIdPrefix="q"
        list={settled}
        count={0}
        empty={empty}
        deletion={closedDeletion()}
      >
        rows
      </ListPage>,
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByTestId('q-add')).toBeTruthy();
    view.unmount();

    renderWithProviders(
      <ListPage title="Respostas" addLabel="Adicionar" list={settled} count={0} empty={empty} deletion={closedDeletion()}>
        rows
      </ListPage>,
    );
    expect(screen.queryByRole('button', { name: 'Adicionar' })).toBeNull();
  });

  it('shows the rows and the dialogs, and confirms a delete in a destructive dialog', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <ListPage
        title="Etiquetas"
        addLabel="Adicionar"
        list={settled}
        count={1}
        empty={empty}
        deletion={closedDeletion({ open: true, onConfirm })}
        dialogs={<span>edit dialog</span>}
      >
        <span>rows</span>
      </ListPage>,
    );
    expect(screen.getByText('rows')).toBeTruthy();
    expect(screen.getByText('edit dialog')).toBeTruthy();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Excluir a etiqueta vip?')).toBeTruthy();
    expect(within(dialog).getByText('A etiqueta será removida.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
