/**
 * The conversation header's Return and Resolve buttons show only their icon on a phone (their text is
 * hidden below `lg` / `sm`): they keep their names for screen readers and a tooltip, on every width.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketHeader } from '@/features/tickets/components/conversation/ticket-header';
import type { TicketActions } from '@/features/tickets/hooks/use-ticket-actions';
import { renderAt, signInAs, ticket } from './support';

const actions = { busyId: null, accept: vi.fn(), giveBack: vi.fn(), resolve: vi.fn() } as unknown as TicketActions;

describe('ticket header', () => {
  beforeEach(() => signInAs());

  it('names the open ticket’s Return and Resolve buttons, whose text a phone hides', () => {
    renderAt(
      <TicketHeader
        ticket={ticket({ status: 'open', userId: 'u1' })}
        actions={actions}
        onOpenContact={vi.fn()}
        onDialog={vi.fn()}
      />,
    );

    expect(screen.getByRole('button', { name: 'Retornar' }).getAttribute('title')).toBe('Retornar');
    expect(screen.getByRole('button', { name: 'Resolver' }).getAttribute('title')).toBe('Resolver');
  });
});
