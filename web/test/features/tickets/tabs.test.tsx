import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketsManager } from '@/features/tickets/components/list/tickets-manager';
import { fakeTicketsApi, ok, page, renderAt, signInAs, ticket, type ApiCall } from './support';

const mine = ticket({
  id: 't1',
  uuid: '11111111-1111-4111-8111-111111111111',
  contact: { ...ticket().contact, name: 'Maria Cliente' },
});
const waiting = [
  ticket({
    id: 't2',
    uuid: '22222222-2222-4222-8222-222222222222',
    status: 'pending',
    userId: null,
    user: null,
    contact: { ...ticket().contact, id: 'c2', name: 'João Espera' },
  }),
  ticket({
    id: 't3',
    uuid: '33333333-3333-4333-8333-333333333333',
    status: 'pending',
    userId: null,
    user: null,
    contact: { ...ticket().contact, id: 'c3', name: 'Rita Fila' },
  }),
];
const done = ticket({
  id: 't4',
  uuid: '44444444-4444-4444-8444-444444444444',
  status: 'closed',
  contact: { ...ticket().contact, id: 'c4', name: 'Caio Resolvido' },
});

function api(extra?: (call: ApiCall) => ReturnType<typeof ok> | undefined) {
  return fakeTicketsApi((call) => {
    const fromExtra = extra?.(call);
    if (fromExtra) return fromExtra;
    if (call.method === 'GET' && call.path === '/tickets') {
      if (call.query.get('searchParam')) return ok(page([waiting[0]!]));
      const status = call.query.get('status');
      if (status === 'open') return ok(page([mine], 1));
      if (status === 'pending') return ok(page(waiting, 2));
      if (status === 'closed') return ok(page([done], 1));
      return ok(page([]));
    }
    if (call.path === '/tags/list') return ok([{ id: 'tg1', name: 'VIP', color: '#f00' }]);
    if (call.path === '/users/list') return ok([{ id: 'u2', name: 'Bruno' }]);
    return undefined;
  });
}

const props = () => ({ onOpen: vi.fn(), onAccept: vi.fn(), onPeek: vi.fn(), onNewTicket: vi.fn(), acceptingId: null });
const rowNames = () => screen.getAllByTestId('ticket-name').map((el) => el.textContent);

describe('ticket list tabs (spec part 1 §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('as an operator', () => {
    beforeEach(() => signInAs({ profile: 'user', id: 'u1', queues: [{ id: 'q1', name: 'Vendas', color: '#0a0' }] }));

    it('counts assigned and pending in the open tab badges and lists each sub-tab', async () => {
      api();
      renderAt(<TicketsManager {...props()} />);

      await waitFor(() => expect(screen.getByTestId('count-pending').textContent).toBe('2'));
      expect(screen.getByTestId('count-assigned').textContent).toBe('1');
      expect(rowNames()).toEqual(['Maria Cliente']);

      fireEvent.click(screen.getByTestId('tab-pending'));
      await waitFor(() => expect(rowNames()).toEqual(['João Espera', 'Rita Fila']));
    });

    it('lists closed tickets in the closed tab', async () => {
      const { calls } = api();
      renderAt(<TicketsManager {...props()} />);

      fireEvent.click(screen.getByTestId('tab-closed'));

      await waitFor(() => expect(rowNames()).toEqual(['Caio Resolvido']));
      expect(calls.some((c) => c.path === '/tickets' && c.query.get('status') === 'closed')).toBe(true);
    });

    it("hides 'show all' and the user filter from operators; the search tab searches across statuses", async () => {
      const { calls } = api();
      renderAt(<TicketsManager {...props()} />);
      expect(screen.queryByTestId('show-all')).toBeNull();

      fireEvent.click(screen.getByTestId('tab-search'));
      expect(await screen.findByTestId('tag-filter')).toBeTruthy();
      expect(screen.queryByTestId('user-filter')).toBeNull();

      fireEvent.change(screen.getByTestId('ticket-search'), { target: { value: 'joão' } });
      await waitFor(() => expect(rowNames()).toEqual(['João Espera']), { timeout: 3000 });
      const search = calls.find((c) => c.query.get('searchParam') === 'joão');
      expect(search?.query.get('status')).toBeNull();
    });
  });

  describe('as an admin', () => {
    beforeEach(() => signInAs({ profile: 'admin' }));

    it("offers 'show all', which asks the API for every ticket", async () => {
      const { calls } = api();
      renderAt(<TicketsManager {...props()} />);
      const toggle = await screen.findByTestId('show-all');

      fireEvent.click(within(toggle).getByRole('checkbox'));

      await waitFor(() => expect(calls.some((c) => c.path === '/tickets' && c.query.get('showAll') === 'true')).toBe(true));
    });

    it('offers the user filter in the search tab', async () => {
      api();
      renderAt(<TicketsManager {...props()} />);

      fireEvent.click(screen.getByTestId('tab-search'));

      expect(await screen.findByTestId('user-filter')).toBeTruthy();
    });
  });
});
