import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsPopover } from '@/features/tickets/components/notifications/notifications-popover';
import { playNotificationSound } from '@/features/tickets/lib/notification-sound';
import { contact, fakeTicketsApi, message, ok, page, renderAt, signInAs, ticket } from './support';
import { emit } from './realtime-mock';

vi.mock('@/lib/realtime', () => import('./realtime-mock'));
vi.mock('@/features/tickets/lib/notification-sound', () => ({ playNotificationSound: vi.fn() }));

const unread = ticket({
  id: 't7',
  uuid: '77777777-7777-4777-8777-777777777777',
  status: 'pending',
  userId: null,
  unreadMessages: 2,
  contact: contact({ name: 'Rita Fila' }),
});

describe('notifications popover (spec part 1 §2 top bar)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(playNotificationSound).mockClear();
  });

  it('lists tickets with unread messages and opens the chosen one', async () => {
    signInAs();
    const { calls } = fakeTicketsApi((call) => (call.path === '/tickets' ? ok(page([unread])) : undefined));
    renderAt(<NotificationsPopover />);

    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
    expect(calls[0]?.query.get('withUnreadMessages')).toBe('true');
    fireEvent.click(screen.getByTestId('notifications'));
    fireEvent.click(await screen.findByTestId('notification-item'));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/tickets/${unread.uuid}`));
  });

  it('chimes when a customer writes in a ticket that is not on screen, not for our own messages', async () => {
    signInAs({ companyId: 'c1' });
    fakeTicketsApi((call) => (call.path === '/tickets' ? ok(page([])) : undefined));
    const { queryClient } = renderAt(<NotificationsPopover />, '/tickets/11111111-1111-4111-8111-111111111111');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const onMessage = (data: unknown) => emit('appMessage', data);

    onMessage({
      action: 'create',
      message: message({ fromMe: true }),
      contact: contact(),
      ticket: { ...unread, unreadMessages: 0 },
    });
    expect(playNotificationSound).not.toHaveBeenCalled();

    onMessage({ action: 'create', message: message({ id: 'm9', ticketId: 't7' }), contact: contact(), ticket: unread });
    expect(playNotificationSound).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
  });
});
