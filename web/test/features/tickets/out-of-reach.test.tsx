/**
 * Issue 30 item 4: a ticket that left the viewer's reach leaves their lists at once, and an action
 * on a row that was stale says so once ('Acesso não permitido'), not in two toasts.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDto } from '@atende/shared';
import { TicketsPage } from '@/features/tickets/components/tickets-page';
import { sessionStore } from '@/lib/session-store';
import { toaster } from '@/lib/toaster';
import { emit } from './realtime-mock';
import { fakeTicketsApi, message, ok, page, renderAt, signInAs, ticket, type ApiCall } from './support';
import { chooseMenuItem } from '../../support/menus';

vi.mock('@/lib/realtime', () => import('./realtime-mock'));

const LIVE = { timeout: 5_000 };
const queues = [
  { id: 'q1', name: 'Vendas', color: '#0a0' },
  { id: 'q2', name: 'Suporte', color: '#00a' },
];
const errorToasts = () => toaster.getVisibleToasts().filter((toast) => toast.type === 'error');
const countOf = (testId: string) => screen.getByTestId(testId).textContent;

/** The workspace's API for operator u1 (queue Vendas): `tickets` is the server's state. */
function workspaceApi(
  tickets: Map<string, TicketDto>,
  put: (call: ApiCall) => Promise<TicketDto | number>,
  myQueues: () => string[] = () => ['q1'],
) {
  const visible = (t: TicketDto) => t.userId === 'u1' || (t.queueId !== null && myQueues().includes(t.queueId));
  return fakeTicketsApi(async (call) => {
    const byUuid = [...tickets.values()].find((t) => call.path === `/tickets/u/${t.uuid}`);
    if (byUuid) return visible(byUuid) ? ok(byUuid) : { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    if (call.method === 'PUT') {
      const answer = await put(call);
      return typeof answer === 'number' ? { status: answer, body: { error: 'ERR_NO_PERMISSION' } } : ok(answer);
    }
    if (call.path === '/tickets') {
      const status = call.query.get('status');
      const listed = [...tickets.values()].filter(
        (t) => visible(t) && t.status === status && (status !== 'open' || t.userId === 'u1'),
      );
      return ok(page(listed));
    }
    if (call.path.startsWith('/messages/')) return ok({ messages: [message()], count: 1, hasMore: false });
    if (call.path === '/queue') return ok(queues);
    if (call.path === '/users/list') return ok([]);
    if (call.path === '/tags/list' || call.path === '/quick-messages/list') return ok([]);
    return undefined;
  });
}

describe('a ticket out of the viewer’s reach (issue 30 item 4)', () => {
  afterEach(() => {
    toaster.remove();
    vi.unstubAllGlobals();
  });

  it("the operator's own transfer to another queue leaves both their lists, even when the old audience's delete comes first", async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const mine = ticket({ id: 't1', status: 'open', userId: 'u1', queueId: 'q1' });
    const tickets = new Map([[mine.id, mine]]);
    let answer: (t: TicketDto) => void = () => undefined;
    const { calls } = workspaceApi(tickets, () => new Promise<TicketDto>((resolve) => (answer = resolve)));
    renderAt(<TicketsPage />, `/tickets/${mine.uuid}`);
    await screen.findByTestId('ticket-header');
    await waitFor(() => expect(countOf('count-assigned')).toBe('1'));

    fireEvent.click(screen.getByTestId('ticket-options'));
    await chooseMenuItem(/Transferir/);
    const dialog = await screen.findByTestId('transfer-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('transfer-queue').querySelectorAll('option').length).toBe(3));
    fireEvent.change(within(dialog).getByTestId('transfer-queue'), { target: { value: 'q2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));

    // The server committed; its fan-out reaches the socket before the PUT's answer reaches the page.
    const moved = { ...mine, status: 'pending' as const, userId: null, user: null, queueId: 'q2', queue: queues[1]! };
    tickets.set(mine.id, moved);
    emit('ticket', { action: 'delete', ticketId: mine.id, reason: 'moved' });
    answer(moved);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'), LIVE);
    expect(countOf('count-pending')).toBe('0');
    expect(countOf('count-assigned')).toBe('0');
    fireEvent.click(screen.getByTestId('tab-pending'));
    expect(screen.queryByRole('button', { name: 'Aceitar' })).toBeNull();
    expect(errorToasts()).toEqual([]); // their own transfer is no 'Acesso não permitido'
  }, 40_000); // the transfer dialog's whole flow

  it("Aceitar on a row that went out of reach drops the row and says 'Acesso não permitido' once", async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const waiting = ticket({ id: 't2', status: 'pending', userId: null, user: null, queueId: 'q1' });
    const tickets = new Map([[waiting.id, waiting]]);
    workspaceApi(tickets, async () => 403);
    renderAt(<TicketsPage />, '/tickets');
    fireEvent.click(await screen.findByTestId('tab-pending'));
    const accept = await screen.findByRole('button', { name: 'Aceitar' });
    await waitFor(() => expect(countOf('count-pending')).toBe('1'));

    // Moved to Suporte by an admin while this console missed the event (a reconnect, say).
    tickets.set(waiting.id, { ...waiting, queueId: 'q2' });
    fireEvent.click(accept);

    await waitFor(() => expect(errorToasts().map((t) => t.title)).toEqual(['Acesso não permitido']));
    await waitFor(() => expect(countOf('count-pending')).toBe('0'));
    expect(screen.queryByRole('button', { name: 'Aceitar' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/tickets');
  });

  it('Aceitar on the conversation shown, once out of reach, leaves it with one toast (the action and the re-read agree)', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const waiting = ticket({ id: 't3', status: 'pending', userId: null, user: null, queueId: 'q1' });
    const tickets = new Map([[waiting.id, waiting]]);
    workspaceApi(tickets, async () => 403);
    renderAt(<TicketsPage />, `/tickets/${waiting.uuid}`);
    const accept = await screen.findByTestId('action-accept');

    tickets.set(waiting.id, { ...waiting, queueId: 'q2' });
    fireEvent.click(accept);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'), LIVE);
    expect(errorToasts().map((t) => t.title)).toEqual(['Acesso não permitido']);
  });

  it("reads the lists again when the viewer's queues change (the rows kept are judged by them)", async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const inSuporte = ticket({ id: 't4', status: 'pending', userId: null, user: null, queueId: 'q2' });
    let mine = ['q1'];
    const { calls } = workspaceApi(
      new Map([[inSuporte.id, inSuporte]]),
      async () => 403,
      () => mine,
    );
    renderAt(<TicketsPage />, '/tickets');
    fireEvent.click(await screen.findByTestId('tab-pending'));
    await waitFor(() => expect(countOf('count-pending')).toBe('0'));
    const listReads = () => calls.filter((c) => c.path === '/tickets').length;
    const before = listReads();

    // An admin adds them to Suporte: the 'user' event updates the session (features/auth).
    mine = ['q1', 'q2'];
    act(() => sessionStore.setUser({ ...sessionStore.get().user!, queues }));

    await waitFor(() => expect(countOf('count-pending')).toBe('1'), LIVE);
    expect(listReads()).toBeGreaterThan(before);
    expect(await screen.findByRole('button', { name: 'Aceitar' })).toBeTruthy();
  });
});
