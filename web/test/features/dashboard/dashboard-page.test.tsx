import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardAnswer } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { DashboardPage } from '@/features/dashboard';
import { defaultDashboardFilter } from '@/features/dashboard/components/dashboard-filter';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

// The chart itself (recharts) is not the subject here: its lazy module is replaced by a probe.
vi.mock('@/features/dashboard/components/tickets-by-hour-chart', () => ({
  default: ({ data }: { data: { hour: string; tickets: number }[] }) => (
    <div data-testid="chart-probe">{data.map((d) => `${d.hour}=${d.tickets}`).join(' ')}</div>
  ),
}));

const answer = (overrides: Partial<DashboardAnswer> = {}): DashboardAnswer => ({
  period: { from: '2026-03-01', to: '2026-03-11', timeZone: 'America/Sao_Paulo' },
  counters: { supportPending: 4, supportHappening: 2, supportFinished: 9, leads: 7, avgSupportTime: 30, avgWaitTime: 20 },
  ticketsByHour: [
    ...Array.from({ length: 23 }, (_, i) => ({ hour: i + 1, count: i + 1 === 23 ? 5 : 0 })),
    { hour: 0, count: 1 },
  ],
  attendants: [
    { id: 'u1', name: 'Operadora A', rating: 2.6, tickets: 9, avgSupportTime: 30, online: true },
    { id: 'u2', name: 'Operador B', rating: null, tickets: 0, avgSupportTime: 0, online: false },
  ],
  ...overrides,
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('the dashboard (spec part 1 §2 "Dashboard")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks from the start of the month to today, and shows the cards, the hours and the attendants', async () => {
    signInAs({ id: 'a1', profile: 'admin' });
    const { calls } = fakeTicketsApi((call) => (call.path === '/dashboard' ? ok(answer()) : undefined));
    renderPage();

    expect(await screen.findByTestId('card-waiting-value')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('card-waiting-value').textContent).toBe('4'));
    expect(screen.getByTestId('card-in-service-value').textContent).toBe('2');
    expect(screen.getByTestId('card-finished-value').textContent).toBe('9');
    expect(screen.getByTestId('card-leads-value').textContent).toBe('7');
    expect(screen.getByTestId('card-support-time-value').textContent).toBe('30 min');
    expect(screen.getByTestId('card-wait-time-value').textContent).toBe('20 min');
    const expected = defaultDashboardFilter();
    const query = calls.find((c) => c.path === '/dashboard')!.query;
    expect([query.get('date_from'), query.get('date_to')]).toEqual([expected.date_from, expected.date_to]);

    const probe = await screen.findByTestId('chart-probe');
    expect(probe.textContent!.startsWith('01:00=0')).toBe(true);
    expect(probe.textContent).toContain('23:00=5');
    expect(probe.textContent!.endsWith('00:00=1')).toBe(true);

    const rows = screen.getAllByTestId('attendant-row');
    expect(within(rows[0]!).getByTestId('stars').getAttribute('aria-label')).toBe('Avaliação 2.6 de 3');
    expect(rows.map((r) => within(r).getByTestId('attendant-status').textContent)).toEqual(['Online', 'Offline']);
  });

  it("a period replaces the dates; nothing chosen is 'Parametrize o filtro'", async () => {
    signInAs({ id: 'a1', profile: 'admin' });
    const { calls } = fakeTicketsApi((call) => (call.path === '/dashboard' ? ok(answer()) : undefined));
    renderPage();
    await screen.findByTestId('dashboard-filter');

    fireEvent.change(screen.getByTestId('dashboard-period'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('dashboard-apply'));
    await waitFor(() => expect(calls.some((c) => c.query.get('days') === '7')).toBe(true));
    const last = calls.filter((c) => c.path === '/dashboard').at(-1)!.query;
    expect(last.get('date_from')).toBeNull();

    fireEvent.change(screen.getByTestId('dashboard-period'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('dashboard-apply'));
    expect(await screen.findByText('Parametrize o filtro')).toBeTruthy();
  });

  it('says so when no ticket was created in the period', async () => {
    signInAs({ id: 'a1', profile: 'admin' });
    fakeTicketsApi((call) =>
      call.path === '/dashboard'
        ? ok(
            answer({
              ticketsByHour: [...Array.from({ length: 23 }, (_, i) => ({ hour: i + 1, count: 0 })), { hour: 0, count: 0 }],
            }),
          )
        : undefined,
    );
    renderPage();
    expect(await screen.findByTestId('dashboard-chart-empty')).toBeTruthy();
  });
});
