/** Issue 30 item 8: numbers in the workspace go through the display mask, never raw digits. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketView } from '@/features/tickets/components/conversation/ticket-view';
import { TicketRow } from '@/features/tickets/components/list/ticket-row';
import { contactLabel } from '@/features/tickets/lib/contact-label';
import { formatPhone } from '@/lib/phone';
import { contact, fakeTicketsApi, message, ok, renderAt, signInAs, ticket } from './support';

vi.mock('@/lib/realtime', () => import('./realtime-mock'));

describe('phone numbers in the ticket workspace (spec part 1 §9 display mask)', () => {
  beforeEach(() => signInAs({ id: 'u1', profile: 'admin' }));
  afterEach(() => vi.unstubAllGlobals());

  it("the contact drawer shows the contact's number masked", async () => {
    const shown = ticket({ contact: contact({ number: '5511988887777' }) });
    fakeTicketsApi((call) => {
      if (call.path === `/tickets/u/${shown.uuid}`) return ok(shown);
      if (call.path === `/messages/${shown.id}`) return ok({ messages: [message()], count: 1, hasMore: false });
      if (call.path === `/contacts/${shown.contactId}`) return ok(shown.contact);
      if (call.path === '/ticket-notes/list' || call.path === '/quick-messages/list') return ok([]);
      return undefined;
    });
    renderAt(<TicketView uuid={shown.uuid} />, `/tickets/${shown.uuid}`);

    fireEvent.click(await screen.findByTestId('ticket-contact-name'));

    const drawer = await screen.findByTestId('contact-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('contact-number').textContent).toBe('+55 (11) 98888-7777'));
    expect(drawer.textContent).not.toContain('5511988887777');
  });

  it('a contact without a name (or named by its own number) is shown by its masked number', async () => {
    renderAt(
      <TicketRow
        ticket={ticket({ contact: contact({ name: '', number: '351912345678' }) })}
        selected={false}
        onOpen={vi.fn()}
        onAccept={vi.fn()}
      />,
    );

    // The list masks once libphonenumber's metadata is in: it is fetched after the first paint (issue 28).
    await waitFor(() => expect(screen.getByTestId('ticket-name').textContent).toBe('+351 912 345 678'));
    expect(contactLabel({ name: '5511988887777', number: '5511988887777' }, formatPhone)).toBe('+55 (11) 98888-7777');
    expect(contactLabel({ name: 'Maria', number: '5511988887777' }, formatPhone)).toBe('Maria');
  });
});
