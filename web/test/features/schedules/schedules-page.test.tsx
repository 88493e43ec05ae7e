import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { SchedulesPage } from '@/features/schedules';
import { fakeTicketsApi, ok, signInAs } from '../tickets/support';

vi.mock('@/lib/realtime', () => ({ useRealtime: () => undefined }));

const LIVE = { timeout: 5_000 };
const schedule = (overrides: Partial<ScheduleDto> = {}): ScheduleDto => ({
  id: '01JSCHEDULE000000000000001',
  body: 'Lembrete da consulta de amanhã às 10h',
  contactId: 'ct1',
  contact: { id: 'ct1', name: 'Maria Cliente' },
  ticketId: null,
  userId: 'u1',
  sendAt: '2030-05-10T13:00:00.000Z',
  sentAt: null,
  status: 'PENDENTE',
  mediaName: [],
  isMedia: false,
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
  ...overrides,
});

function renderPage(route = '/schedules') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="/schedules" element={<SchedulesPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

/** GET /schedules answers by searchParam and cursor: `pages[search]` is that search's pages. */
function schedulesApi(pages: Record<string, ScheduleDto[][]>) {
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === '/schedules') {
      const list = pages[call.query.get('searchParam') ?? ''] ?? [[]];
      const index = call.query.get('cursor') ? Number(call.query.get('cursor')) : 0;
      const hasMore = index + 1 < list.length;
      return ok({ schedules: list[index] ?? [], hasMore, ...(hasMore ? { cursor: String(index + 1) } : {}) });
    }
    if (call.method === 'DELETE') return { status: 204 };
    return undefined;
  });
}

describe('the /schedules page (spec part 3 "Schedules page")', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows contact, body cut at 25 characters, DD/MM/YYYY HH:mm:ss, attachments and status', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    schedulesApi({
      '': [
        [
          schedule({
            mediaName: [{ originalName: 'contrato.pdf', mimetype: 'application/pdf', size: 10, url: null }],
            isMedia: true,
          }),
        ],
      ],
    });
    renderPage();

    const row = await screen.findByTestId('schedule-row');
    expect(within(row).getByTestId('schedule-row-body').textContent).toBe('Lembrete da consulta de a…');
    expect(within(row).getAllByText('Maria Cliente').length).toBeGreaterThan(0);
    const local = new Date('2030-05-10T13:00:00.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const shown = `${pad(local.getDate())}/${pad(local.getMonth() + 1)}/${local.getFullYear()} ${pad(local.getHours())}:00:00`;
    expect(within(row).getAllByText(shown).length).toBeGreaterThan(0);
    expect(within(row).getByText('contrato.pdf')).toBeTruthy();
    expect(within(row).getAllByText('Pendente').length).toBeGreaterThan(0);
  });

  it('searches by what was typed and says when nothing matches', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const { calls } = schedulesApi({ '': [[schedule()]], boleto: [[]] });
    renderPage();
    await screen.findByTestId('schedule-row');

    fireEvent.change(screen.getByTestId('schedules-search'), { target: { value: 'boleto' } });

    expect(await screen.findByTestId('schedules-empty', {}, LIVE)).toBeTruthy();
    expect(screen.getByText('Nenhum agendamento encontrado para “boleto”.')).toBeTruthy();
    expect(calls.some((c) => c.query.get('searchParam') === 'boleto')).toBe(true);
  });

  it('offers edit and delete only on what the policy lets the user change (own, or any for admins)', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    schedulesApi({ '': [[schedule({ id: 'mine', userId: 'u1' }), schedule({ id: 'theirs', userId: 'u2' })]] });
    renderPage();

    const [mine, theirs] = await screen.findAllByTestId('schedule-row');
    expect(within(mine!).queryByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(mine!).queryByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(within(theirs!).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(theirs!).queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('deletes only after confirming', async () => {
    signInAs({ id: 'u9', profile: 'admin' });
    const { calls } = schedulesApi({ '': [[schedule({ userId: 'u1' })]] });
    renderPage();
    const row = await screen.findByTestId('schedule-row');

    fireEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Excluir o agendamento de Maria Cliente?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(
      () => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/schedules/01JSCHEDULE000000000000001'),
      LIVE,
    );
  });

  it('opens the add dialog for the contact named by ?contactId=, defaulting to one hour from now', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    schedulesApi({ '': [[]] });
    renderPage('/schedules?contactId=ct7&name=Jo%C3%A3o');

    const dialog = await screen.findByTestId('schedule-dialog');
    expect(within(dialog).getByTestId('schedule-contact').textContent).toBe('João');
    const input = within(dialog).getByTestId('schedule-send-at') as HTMLInputElement;
    const minutesAhead = (new Date(input.value).getTime() - Date.now()) / 60_000;
    expect(minutesAhead).toBeGreaterThan(58);
    expect(minutesAhead).toBeLessThanOrEqual(60);
  });
});
