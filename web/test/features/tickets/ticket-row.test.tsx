import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketRow } from '@/features/tickets/components/list/ticket-row';
import { listTime, messageDay, messageTime } from '@/features/tickets/lib/list-time';
import { renderAt, signInAs, ticket } from './support';

describe('ticket row time (spec part 1 §2)', () => {
  const now = new Date(2026, 10, 23, 15, 30);

  it('shows the time for today, Ontem for yesterday, otherwise the date', () => {
    expect(listTime(new Date(2026, 10, 23, 9, 5).toISOString(), now)).toEqual({ kind: 'time', text: '09:05' });
    expect(listTime(new Date(2026, 10, 22, 23, 59).toISOString(), now)).toEqual({ kind: 'yesterday' });
    expect(listTime(new Date(2026, 10, 21, 12, 0).toISOString(), now)).toEqual({ kind: 'date', text: '21/11/2026' });
    expect(listTime('', now)).toEqual({ kind: 'none' });
  });

  it("a message's time and its day separator (HH:mm, dd/MM/yyyy), empty for what is not a date", () => {
    const sent = new Date(2026, 10, 3, 7, 4).toISOString();
    expect(messageTime(sent)).toBe('07:04');
    expect(messageDay(sent)).toBe('03/11/2026');
    expect(messageTime('not a date')).toBe('');
    expect(messageDay('not a date')).toBe('');
  });
});

describe('ticket row', () => {
  beforeEach(() => signInAs());
  afterEach(() => vi.useRealTimers());

  const renderRow = (overrides: Parameters<typeof ticket>[0], handlers = { onOpen: vi.fn(), onAccept: vi.fn() }) => {
    renderAt(<TicketRow ticket={ticket(overrides)} selected={false} {...handlers} />);
    return handlers;
  };

  it('shows queue colour, name, last message, time and the unread count', () => {
    renderRow({ unreadMessages: 3, lastMessage: 'Quero um orçamento', updatedAt: new Date().toISOString() });

    expect(screen.getByTestId('ticket-name').textContent).toBe('Maria Cliente');
    expect(screen.getByTestId('ticket-last-message').textContent).toBe('Quero um orçamento');
    expect(screen.getByTestId('unread-count').textContent).toBe('3');
    expect(screen.getByTestId('ticket-time').textContent).toMatch(/^\d{2}:\d{2}$/);
    expect(screen.getByTestId('queue-colour').getAttribute('title')).toBe('Vendas');
  });

  it("says 'Ontem' for yesterday's activity and shows the closed badge", () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    renderRow({ status: 'closed', updatedAt: yesterday });

    expect(screen.getByTestId('ticket-time').textContent).toBe('Ontem');
    expect(screen.getByText('Finalizado')).toBeTruthy();
    expect(screen.queryByTestId('unread-count')).toBeNull();
  });

  it('opens an open ticket on click', () => {
    const handlers = renderRow({ status: 'open' });

    fireEvent.click(screen.getByTestId('ticket-row'));

    expect(handlers.onOpen).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Aceitar' })).toBeNull();
  });

  it('does not open a pending ticket on click; its Accept button accepts it', () => {
    const handlers = renderRow({ status: 'pending', userId: null, user: null });

    fireEvent.click(screen.getByTestId('ticket-row'));
    expect(handlers.onOpen).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(handlers.onAccept).toHaveBeenCalledTimes(1);
    expect(handlers.onOpen).not.toHaveBeenCalled();
  });
});
