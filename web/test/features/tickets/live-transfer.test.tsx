import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketsPage } from '@/features/tickets/components/tickets-page';
import { notify, toaster } from '@/lib/toaster';
import { emit } from './realtime-mock';
import { fakeTicketsApi, message, ok, page, renderAt, signInAs, ticket } from './support';

/** Under a loaded CI machine a refetch and its re-render take more than waitFor's default second. */
const LIVE = { timeout: 5_000 };

vi.mock('@/lib/realtime', () => import('./realtime-mock'));

const shown = ticket({ id: 't1', uuid: '11111111-1111-4111-8111-111111111111', status: 'open', userId: 'u1' });

/** The workspace API with one ticket on screen; `visible` says whether the viewer may still read it. */
function workspaceApi(state: { visible: boolean }) {
  return fakeTicketsApi((call) => {
    if (call.path === `/tickets/u/${shown.uuid}`)
      return state.visible ? ok(shown) : { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    if (call.path === `/messages/${shown.id}`) return ok({ messages: [message()], ticket: shown, count: 1, hasMore: false });
    if (call.path === '/tickets') return ok(page([shown]));
    if (call.path === '/queue' || call.path === '/tags/list' || call.path === '/quick-messages/list') return ok([]);
    return undefined;
  });
}

describe("a ticket moved elsewhere is not a deleted ticket (no 'Ticket deleted' toast)", () => {
  afterEach(() => {
    toaster.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('stays on screen without a toast when it was transferred and is still visible', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const info = vi.spyOn(notify, 'info');
    const { calls } = workspaceApi({ visible: true });
    renderAt(<TicketsPage />, `/tickets/${shown.uuid}`);
    await screen.findByTestId('ticket-header');
    const reads = () => calls.filter((c) => c.path === `/tickets/u/${shown.uuid}`).length;
    const before = reads();

    emit('ticket', { action: 'delete', ticketId: shown.id, reason: 'moved' });

    await waitFor(() => expect(reads()).toBeGreaterThan(before), LIVE);
    expect(info).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe(`/tickets/${shown.uuid}`);
  });

  it("leaves with 'Acesso não permitido' when it moved out of the viewer's reach", async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const info = vi.spyOn(notify, 'info');
    const state = { visible: true };
    workspaceApi(state);
    renderAt(<TicketsPage />, `/tickets/${shown.uuid}`);
    await screen.findByTestId('ticket-header');

    state.visible = false;
    emit('ticket', { action: 'delete', ticketId: shown.id, reason: 'moved' });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'), LIVE);
    const errors = toaster.getVisibleToasts().filter((toast) => toast.type === 'error');
    expect(errors.map((toast) => toast.title)).toEqual(['Acesso não permitido']);
    expect(info).not.toHaveBeenCalled();
  });

  it("still says 'Ticket deleted sucessfully.' when the ticket on screen was really deleted", async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const info = vi.spyOn(notify, 'info');
    workspaceApi({ visible: true });
    renderAt(<TicketsPage />, `/tickets/${shown.uuid}`);
    await screen.findByTestId('ticket-header');

    emit('ticket', { action: 'delete', ticketId: shown.id });

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tickets'), LIVE);
    expect(info).toHaveBeenCalledWith('Ticket deleted sucessfully.');
  });
});
