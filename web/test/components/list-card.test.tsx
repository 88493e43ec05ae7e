import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListCard, type ListCardQuery } from '@/components/list-card';
import { renderWithProviders } from '../support/render';

const settled = (over: Partial<ListCardQuery> = {}): ListCardQuery => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});
const empty = { icon: null, title: 'Nada aqui', description: 'Adicione o primeiro', testId: 'x-empty' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ListCard', () => {
  it('shows the loading state while the first page loads', () => {
    renderWithProviders(
      <ListCard list={settled({ isPending: true })} count={0} empty={empty}>
        rows
      </ListCard>,
    );
    expect(screen.getByText('Carregando…')).toBeTruthy();
    expect(screen.queryByText('rows')).toBeNull();
  });

  it('shows a failure with a retry that re-reads the list', async () => {
    const list = settled({ isError: true, error: { code: 'ERR_NO_PERMISSION' } });
    renderWithProviders(
      <ListCard list={list} count={0} empty={empty}>
        rows
      </ListCard>,
    );
    await userEvent.click(screen.getByRole('button'));
    expect(list.refetch).toHaveBeenCalledTimes(1);
  });

  it('says the list is empty, with the add button only when given one', async () => {
    const onAdd = vi.fn();
    const view = renderWithProviders(
      <ListCard list={settled()} count={0} empty={{ ...empty, addLabel: 'Adicionar', onAdd }}>
        rows
      </ListCard>,
    );
    expect(screen.getByTestId('x-empty').textContent).toContain('Nada aqui');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    view.unmount();

    renderWithProviders(
      <ListCard list={settled()} count={0} empty={empty}>
        rows
      </ListCard>,
    );
    expect(screen.getByTestId('x-empty')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the rows, the footer, and for an infinite list the next page loading', () => {
    renderWithProviders(
      <ListCard
        list={settled({ hasNextPage: true, isFetchingNextPage: true, fetchNextPage: vi.fn() })}
        count={2}
        empty={empty}
        scrollTestId="x-scroll"
        footer={<span>2 no total</span>}
      >
        rows
      </ListCard>,
    );
    expect(screen.getByTestId('x-scroll').textContent).toContain('rows');
    expect(screen.getByText('Carregando mais…')).toBeTruthy();
    expect(screen.getByText('2 no total')).toBeTruthy();
  });

  it('asks for the next page when the end of the rows comes into view', () => {
    let seen: IntersectionObserverCallback = () => undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          seen = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetchNextPage = vi.fn();
    renderWithProviders(
      <ListCard list={settled({ hasNextPage: true, isFetchingNextPage: false, fetchNextPage })} count={1} empty={empty}>
        rows
      </ListCard>,
    );
    seen([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
