import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketView } from '@/features/tickets/components/conversation/ticket-view';
import { chooseMenuItem } from '../../support/menus';
import { fakeTicketsApi, message, ok, renderAt, signInAs, ticket } from './support';

vi.mock('@/lib/realtime', () => import('./realtime-mock'));

/** Under a loaded CI machine the conversation's first render takes more than findBy's default second. */
const LIVE = { timeout: 5_000 };

describe('replying to a message (spec part 1 §4 quoted replies)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the caret in the composer when "Responder" is chosen, with the quoted message above it', async () => {
    signInAs({ id: 'u1', profile: 'user' });
    const shown = ticket();
    const asked = message({ id: 'm1', body: 'Meu pedido não chegou' });
    fakeTicketsApi((call) => {
      if (call.path === `/tickets/u/${shown.uuid}`) return ok(shown);
      if (call.path === `/messages/${shown.id}`) return ok({ messages: [asked], ticket: shown, count: 1, hasMore: false });
      if (call.path === '/quick-messages/list' || call.path === '/queue' || call.path === '/tags/list') return ok([]);
      return undefined;
    });
    renderAt(<TicketView uuid={shown.uuid} />, `/tickets/${shown.uuid}`);

    fireEvent.click(await screen.findByRole('button', { name: 'Opções da mensagem' }, LIVE));
    await chooseMenuItem(/Responder/, LIVE);

    const composer = within(screen.getByTestId('message-input')).getByRole('textbox');
    await waitFor(() => expect(document.activeElement).toBe(composer), LIVE);
    expect(screen.getByTestId('message-input').textContent).toContain('Meu pedido não chegou');
  });
});
