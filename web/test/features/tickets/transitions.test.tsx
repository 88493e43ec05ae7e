import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketDto } from '@atende/shared';
import { TicketView } from '@/features/tickets/components/conversation/ticket-view';
import { fakeTicketsApi, message, ok, renderAt, signInAs, ticket } from './support';
import { chooseMenuItem } from '../../support/menus';

const queues = [
  { id: 'q1', name: 'Vendas', color: '#0a0' },
  { id: 'q2', name: 'Suporte', color: '#00a' },
];

/** A workspace API holding one ticket; PUT applies the change and answers the new ticket. */
function workspaceApi(initial: TicketDto) {
  let current = initial;
  return fakeTicketsApi((call) => {
    if (call.method === 'GET' && call.path === `/tickets/u/${current.uuid}`) return ok(current);
    if (call.method === 'GET' && call.path === `/messages/${current.id}`) {
      return ok({ messages: [message({ body: 'Bom dia' })], ticket: current, count: 1, hasMore: false });
    }
    if (call.method === 'PUT' && call.path === `/tickets/${current.id}`) {
      current = { ...current, ...(call.body as Partial<TicketDto>) };
      return ok(current);
    }
    if (call.path === '/queue') return ok(queues);
    if (call.path === '/users/list') return ok([{ id: 'u2', name: 'Bruno', queues: [queues[1]] }]);
    if (call.path === '/quick-messages/list') return ok([]);
    return undefined;
  });
}

const putBodies = (calls: { method: string; body: unknown }[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const at = (t: TicketDto) => `/tickets/${t.uuid}`;

describe('ticket transitions from the conversation header (spec part 1 §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('accepts a pending ticket for the current user and keeps it open on screen', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const pending = ticket({ status: 'pending', userId: null, user: null });
    const { calls } = workspaceApi(pending);
    renderAt(<TicketView uuid={pending.uuid} />, at(pending));

    fireEvent.click(await screen.findByTestId('action-accept'));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ status: 'open', userId: 'u1' }]));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(at(pending)));
    expect(await screen.findByTestId('action-resolve')).toBeTruthy();
  });

  it('returns an open ticket to the queue (user cleared) and leaves it', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const open = ticket();
    const { calls } = workspaceApi(open);
    renderAt(<TicketView uuid={open.uuid} />, at(open));

    fireEvent.click(await screen.findByTestId('action-return'));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ status: 'pending', userId: null }]));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'));
  });

  it('resolves an open ticket', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const open = ticket();
    const { calls } = workspaceApi(open);
    renderAt(<TicketView uuid={open.uuid} />, at(open));

    fireEvent.click(await screen.findByTestId('action-resolve'));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ status: 'closed' }]));
  });

  it('asks an operator for a queue before reopening', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const closed = ticket({ status: 'closed', queueId: null, queue: null });
    const { calls } = workspaceApi(closed);
    renderAt(<TicketView uuid={closed.uuid} />, at(closed));

    fireEvent.click(await screen.findByTestId('action-reopen'));
    const dialog = await screen.findByTestId('reopen-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reabrir' }));

    expect(await within(dialog).findByText('Selecione uma fila', { selector: '[data-part="error-text"]' })).toBeTruthy();
    expect(putBodies(calls)).toEqual([]);

    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(within(dialog).getByTestId('reopen-queue'), { target: { value: 'q1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reabrir' }));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ status: 'open', userId: 'u1', queueId: 'q1' }]));
  });

  it('lets an admin reopen without a queue', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const closed = ticket({ status: 'closed', queueId: null, queue: null });
    const { calls } = workspaceApi(closed);
    renderAt(<TicketView uuid={closed.uuid} />, at(closed));

    fireEvent.click(await screen.findByTestId('action-reopen'));
    const dialog = await screen.findByTestId('reopen-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reabrir' }));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ status: 'open', userId: 'u1', queueId: null }]));
  });

  it('requires a queue to transfer; a queue alone sends no user', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const open = ticket();
    const { calls } = workspaceApi(open);
    renderAt(<TicketView uuid={open.uuid} />, at(open));

    fireEvent.click(await screen.findByTestId('ticket-options'));
    await chooseMenuItem(/Transferir/);
    const dialog = await screen.findByTestId('transfer-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));
    expect(await within(dialog).findByText('Selecione uma fila', { selector: '[data-part="error-text"]' })).toBeTruthy();

    await waitFor(() => expect(within(dialog).getByTestId('transfer-queue').querySelectorAll('option').length).toBe(3));
    fireEvent.change(within(dialog).getByTestId('transfer-queue'), { target: { value: 'q2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ queueId: 'q2', userId: null }]));
  });

  it('offers delete in the options menu to admins only', async () => {
    signInAs({ id: 'u1', profile: 'user', queues: [queues[0]!] });
    const open = ticket();
    workspaceApi(open);
    renderAt(<TicketView uuid={open.uuid} />, at(open));

    fireEvent.click(await screen.findByTestId('ticket-options'));

    expect(await screen.findByRole('menuitem', { name: /Transferir/ })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Deletar/ })).toBeNull();
  });

  it("sends a user who may not see the ticket back to /tickets with 'Acesso não permitido'", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    fakeTicketsApi((call) =>
      call.path.startsWith('/tickets/u/') ? { status: 403, body: { error: 'ERR_NO_PERMISSION' } } : undefined,
    );
    const open = ticket();
    renderAt(<TicketView uuid={open.uuid} />, at(open));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'));
  });
});
