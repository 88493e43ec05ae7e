/** The realtime FIFO group: a ticket's events in one line, different tickets side by side. */
import { describe, expect, it } from 'vitest';
import { realtimeGroupOf } from '../src/platform/realtime-order';

const ticket = (id: string) => ({ id, status: 'pending' as const, queueId: 'q1', userId: null });
const message = (ticketId: string | null) =>
  ({ id: 'm1', ticketId, body: 'oi' }) as unknown as Parameters<typeof realtimeGroupOf<'appMessage'>>[2]['message'];
const contact = { id: 'c1' } as Extract<Parameters<typeof realtimeGroupOf<'contact'>>[2], { action: 'update' }>['contact'];

describe('realtimeGroupOf', () => {
  it("puts every event of one ticket (updates, deletes, its messages) in the ticket's group", () => {
    const groups = new Set([
      realtimeGroupOf('co1', 'ticket', { action: 'update', ticket: ticket('t1') }),
      realtimeGroupOf('co1', 'ticket', { action: 'delete', ticketId: 't1' }),
      realtimeGroupOf('co1', 'ticket', { action: 'updateUnread', ticketId: 't1', unreadMessages: 0 }),
      realtimeGroupOf('co1', 'appMessage', { action: 'create', message: message('t1'), contact }),
      realtimeGroupOf('co1', 'appMessage', { action: 'update', message: message('t1'), contact, ticket: ticket('t1') }),
    ]);
    expect([...groups]).toEqual(['co1:ticket:t1']);
  });

  it('gives different tickets and different companies different groups', () => {
    const a = realtimeGroupOf('co1', 'ticket', { action: 'delete', ticketId: 't1' });
    expect(realtimeGroupOf('co1', 'ticket', { action: 'delete', ticketId: 't2' })).not.toBe(a);
    expect(realtimeGroupOf('co2', 'ticket', { action: 'delete', ticketId: 't1' })).not.toBe(a);
  });

  it("keeps the company's group for company-wide events and messages outside any ticket", () => {
    expect(realtimeGroupOf('co1', 'whatsapp', { action: 'delete', whatsappId: 'w1' })).toBe('co1');
    expect(realtimeGroupOf('co1', 'user', { action: 'delete', userId: 'u1' })).toBe('co1');
    expect(realtimeGroupOf('co1', 'appMessage', { action: 'create', message: message(null), contact })).toBe('co1');
    expect(realtimeGroupOf('co1', 'contact', { action: 'update', contact })).toBe('co1:contact:c1');
    expect(realtimeGroupOf('co1', 'contact', { action: 'delete', contactId: 'c1' })).toBe('co1:contact:c1');
  });

  it('stays within the 128 characters SQS allows', () => {
    expect(realtimeGroupOf('c'.repeat(100), 'ticket', { action: 'delete', ticketId: 't'.repeat(100) })).toHaveLength(128);
  });
});
