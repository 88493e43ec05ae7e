import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDto } from '@atende/shared';
import { TicketView } from '@/features/tickets/components/conversation/ticket-view';
import { useTicketsLiveSync } from '@/features/tickets/hooks/use-tickets-live-sync';
import { emit } from './realtime-mock';
import { fakeTicketsApi, message, ok, renderAt, signInAs, ticket } from './support';

/** Under a loaded CI machine a refetch and its re-render take more than waitFor's default second. */
const LIVE = { timeout: 5_000 };

vi.mock('@/lib/realtime', () => import('./realtime-mock'));

const vip = { id: 'tg1', name: 'VIP', color: '#AA0000' };
const late = { id: 'tg2', name: 'Atrasado', color: '#0000AA' };

/** The server: the company's tags and a ticket whose tag set POST /tags/sync replaces. */
function tagsApi(initial: TicketDto) {
  let current = initial;
  const company = [vip, late];
  return fakeTicketsApi((call) => {
    if (call.path === `/tickets/u/${current.uuid}`) return ok(current);
    if (call.path === `/messages/${current.id}`)
      return ok({ messages: [message()], ticket: current, count: 1, hasMore: false });
    if (call.path === '/tags/list') return ok(company);
    if (call.method === 'POST' && call.path === '/tags') {
      const created = { id: 'tg3', name: (call.body as { name: string }).name, color: '#123456' };
      company.push(created);
      return { status: 201, body: created };
    }
    if (call.method === 'POST' && call.path === '/tags/sync') {
      const ids = (call.body as { tags: string[] }).tags;
      current = { ...current, tags: company.filter((tag) => ids.includes(tag.id)) };
      return ok(current);
    }
    if (call.path === '/quick-messages/list' || call.path === '/queue') return ok([]);
    return undefined;
  });
}

/** The conversation plus the live sync the workspace page mounts. */
function LiveTicket({ uuid }: { uuid: string }) {
  useTicketsLiveSync();
  return <TicketView uuid={uuid} />;
}

const chips = () => screen.queryAllByTestId('ticket-tag').map((chip) => chip.textContent);
const syncBodies = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/tags/sync').map((c) => c.body);

describe('tags on a ticket (spec part 1 §3 Ticket tags, §7 /tags)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a company tag, removes it again, and sends the whole set each time', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const shown = ticket({ tags: [] });
    const { calls } = tagsApi(shown);
    renderAt(<TicketView uuid={shown.uuid} />, `/tickets/${shown.uuid}`);

    fireEvent.click(await screen.findByTestId('ticket-tags-edit'));
    const options = await screen.findAllByTestId('ticket-tags-option');
    fireEvent.click(options.find((o) => o.textContent?.includes('VIP'))!);
    await waitFor(() => expect(chips()).toEqual(['VIP']), LIVE);

    fireEvent.click(within(screen.getByTestId('ticket-tag')).getByRole('button', { name: /VIP/ }));
    await waitFor(() => expect(chips()).toEqual([]), LIVE);

    expect(syncBodies(calls)).toEqual([
      { ticketId: shown.id, tags: ['tg1'] },
      { ticketId: shown.id, tags: [] },
    ]);
  });

  it('creates a tag from the typed name and puts it on the ticket', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const shown = ticket({ tags: [late] });
    const { calls } = tagsApi(shown);
    renderAt(<TicketView uuid={shown.uuid} />, `/tickets/${shown.uuid}`);

    fireEvent.click(await screen.findByTestId('ticket-tags-edit'));
    fireEvent.change(await screen.findByTestId('ticket-tags-filter'), { target: { value: 'Retorno' } });
    fireEvent.click(await screen.findByTestId('ticket-tags-create'));

    await waitFor(() => expect(chips()).toEqual(['Atrasado', 'Retorno']), LIVE);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/tags')?.body).toEqual({ name: 'Retorno' });
    expect(syncBodies(calls)).toEqual([{ ticketId: shown.id, tags: ['tg2', 'tg3'] }]);
  });

  it("shows another console's change live (company-{id}-ticket tagUpdate)", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const shown = ticket({ tags: [] });
    tagsApi(shown);
    renderAt(<LiveTicket uuid={shown.uuid} />, `/tickets/${shown.uuid}`);
    await screen.findByTestId('ticket-tags');

    emit('ticket', { action: 'tagUpdate', ticket: { ...shown, tags: [vip, late] } });

    await waitFor(() => expect(chips()).toEqual(['VIP', 'Atrasado']), LIVE);
  });
});
