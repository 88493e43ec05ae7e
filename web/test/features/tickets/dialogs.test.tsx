import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactDialog } from '@/features/tickets/components/dialogs/contact-dialog';
import { NewTicketDialog } from '@/features/tickets/components/dialogs/new-ticket-dialog';
import { contact, fakeTicketsApi, ok, renderAt, signInAs, ticket } from './support';

const queues = [{ id: 'q1', name: 'Vendas', color: '#0a0' }];

function dialogApi() {
  return fakeTicketsApi((call) => {
    if (call.path === '/queue') return ok(queues);
    if (call.path === '/contacts' && call.method === 'GET') return ok({ contacts: [contact()], count: 1, hasMore: false });
    if (call.path === '/contacts' && call.method === 'POST') return ok(contact({ id: 'new', ...(call.body as object) }));
    if (call.path === '/tickets' && call.method === 'POST')
      return ok(ticket({ uuid: '99999999-9999-4999-8999-999999999999' }));
    return undefined;
  });
}

const searches = (calls: { method: string; path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/contacts').map((c) => c.query.get('searchParam'));

describe('new ticket dialog (spec part 1 §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches contacts from 3 characters, once typing pauses for 500 ms', async () => {
    signInAs({ profile: 'user', queues });
    const { calls } = dialogApi();
    renderAt(<NewTicketDialog open onClose={vi.fn()} />);
    const box = await screen.findByTestId('contact-search');

    fireEvent.change(box, { target: { value: 'Ma' } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(searches(calls)).toEqual([]);

    fireEvent.change(box, { target: { value: 'Mar' } });
    fireEvent.change(box, { target: { value: 'Mari' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(searches(calls)).toEqual([]);
    await waitFor(() => expect(searches(calls)).toEqual(['Mari']));
  });

  it("asks an operator for a queue ('Selecione uma fila') and then opens the new ticket", async () => {
    signInAs({ id: 'u1', profile: 'user', queues });
    const { calls } = dialogApi();
    renderAt(<NewTicketDialog open onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('new-ticket-dialog');
    fireEvent.change(within(dialog).getByTestId('contact-search'), { target: { value: 'Maria' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Maria Cliente/ }, { timeout: 8000 }));

    fireEvent.click(within(dialog).getByTestId('new-ticket-submit'));
    expect(await within(dialog).findByText('Selecione uma fila', { selector: '[data-part="error-text"]' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await waitFor(() => expect(within(dialog).getByTestId('new-ticket-queue').querySelectorAll('option').length).toBe(2));
    fireEvent.change(within(dialog).getByTestId('new-ticket-queue'), { target: { value: 'q1' } });
    fireEvent.click(within(dialog).getByTestId('new-ticket-submit'));

    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/tickets/99999999-9999-4999-8999-999999999999'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      contactId: 'ct1',
      queueId: 'q1',
      userId: 'u1',
      status: 'open',
    });
  });

  it('lets an admin open a ticket without a queue', async () => {
    signInAs({ id: 'u1', profile: 'admin' });
    const { calls } = dialogApi();
    renderAt(<NewTicketDialog open onClose={vi.fn()} />);
    const dialog = await screen.findByTestId('new-ticket-dialog');
    fireEvent.change(within(dialog).getByTestId('contact-search'), { target: { value: 'Maria' } });
    fireEvent.click(await within(dialog).findByRole('option', { name: /Maria Cliente/ }, { timeout: 8000 }));

    fireEvent.click(within(dialog).getByTestId('new-ticket-submit'));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        contactId: 'ct1',
        queueId: null,
        userId: 'u1',
        status: 'open',
      }),
    );
  });
});

describe('contact dialog (spec part 1 §5, §6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the lid to admins only', async () => {
    signInAs({ profile: 'user' });
    dialogApi();
    const { unmount } = renderAt(<ContactDialog open contactId={null} onClose={vi.fn()} />);
    await screen.findByTestId('contact-dialog');
    expect(screen.queryByTestId('contact-lid')).toBeNull();
    unmount();

    signInAs({ profile: 'admin' });
    renderAt(<ContactDialog open contactId={null} onClose={vi.fn()} />);
    expect(await screen.findByTestId('contact-lid')).toBeTruthy();
  });

  it('validates with the shared schema and submits 400 ms after the click', async () => {
    signInAs({ profile: 'user' });
    const { calls } = dialogApi();
    const onSaved = vi.fn();
    renderAt(<ContactDialog open contactId={null} onClose={vi.fn()} onSaved={onSaved} />);
    const dialog = await screen.findByTestId('contact-dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'A' } });
    fireEvent.change(within(dialog).getByLabelText(/^Número/), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect((await within(dialog).findAllByText('Muito curto!')).length).toBe(2);

    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Carlos Silva' } });
    fireEvent.change(within(dialog).getByLabelText(/^Número/), { target: { value: '5511912345678' } });
    const clickedAt = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST' && c.path === '/contacts');
    expect(post?.body).toEqual({ name: 'Carlos Silva', number: '5511912345678', email: '', extraInfo: [] });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(400);
  });
});
