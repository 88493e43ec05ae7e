import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MessageListAnswer, TicketListAnswer } from '@atende/shared';
import { ticketKeys, messageKeys, type TicketListFilters } from '@/features/tickets/api/keys';
import { flattenMessages, upsertMessageInCache } from '@/features/tickets/api/messages';
import { patchTicketFields, removeTicketFromCaches, upsertTicketInCaches } from '@/features/tickets/api/ticket-cache';
import { message, signInAs, ticket } from './support';

type Lists = InfiniteData<TicketListAnswer>;
const seed = (client: QueryClient, filters: TicketListFilters, tickets: ReturnType<typeof ticket>[]) =>
  client.setQueryData<Lists>(ticketKeys.list(filters), {
    pages: [{ tickets, count: tickets.length, hasMore: false }],
    pageParams: [{ pageNumber: 1 }],
  });
const idsIn = (client: QueryClient, filters: TicketListFilters) =>
  client.getQueryData<Lists>(ticketKeys.list(filters))!.pages.flatMap((p) => p.tickets.map((t) => t.id));
const countOf = (client: QueryClient, filters: TicketListFilters) =>
  client.getQueryData<Lists>(ticketKeys.list(filters))!.pages[0]!.count;

const OPEN = { status: 'open', showAll: false } as const;
const PENDING = { status: 'pending', showAll: false } as const;

describe('live events patch the cached lists by key (spec part 1 §4 realtime)', () => {
  let client: QueryClient;
  beforeEach(() => {
    signInAs({ id: 'u1', profile: 'user' });
    client = new QueryClient();
  });

  it('moves an accepted ticket from pending to the top of my open list, counts included', () => {
    const waiting = ticket({ id: 't2', status: 'pending', userId: null, user: null });
    seed(client, OPEN, [ticket({ id: 't1' })]);
    seed(client, PENDING, [waiting, ticket({ id: 't3', status: 'pending', userId: null })]);

    upsertTicketInCaches(client, { ...waiting, status: 'open', userId: 'u1' });

    expect(idsIn(client, OPEN)).toEqual(['t2', 't1']);
    expect(countOf(client, OPEN)).toBe(2);
    expect(idsIn(client, PENDING)).toEqual(['t3']);
    expect(countOf(client, PENDING)).toBe(1);
  });

  it("keeps someone else's open ticket out of my open list (it is in 'show all' only)", () => {
    seed(client, OPEN, []);
    seed(client, { status: 'open', showAll: true }, []);

    upsertTicketInCaches(client, ticket({ id: 't9', userId: 'u2' }));

    expect(idsIn(client, OPEN)).toEqual([]);
    expect(idsIn(client, { status: 'open', showAll: true })).toEqual(['t9']);
  });

  it('a repeated event changes nothing (at-least-once delivery)', () => {
    seed(client, PENDING, []);
    const arrived = ticket({ id: 't5', status: 'pending', userId: null });

    upsertTicketInCaches(client, arrived);
    upsertTicketInCaches(client, arrived);

    expect(idsIn(client, PENDING)).toEqual(['t5']);
    expect(countOf(client, PENDING)).toBe(1);
  });

  it('invalidates search lists instead of guessing whether a ticket matches', () => {
    const filters = { searchParam: 'bolo', tags: [], users: [], showAll: false };
    seed(client, filters, []);

    upsertTicketInCaches(client, ticket({ id: 't6' }));

    expect(client.getQueryState(ticketKeys.list(filters))?.isInvalidated).toBe(true);
    expect(idsIn(client, filters)).toEqual([]);
  });

  it('patches unread counts in place and removes deleted tickets', () => {
    seed(client, OPEN, [ticket({ id: 't1', unreadMessages: 4 }), ticket({ id: 't2' })]);

    patchTicketFields(client, 't1', { unreadMessages: 0 });
    removeTicketFromCaches(client, 't2');

    expect(
      client.getQueryData<Lists>(ticketKeys.list(OPEN))!.pages[0]!.tickets.map((t) => [t.id, t.unreadMessages]),
    ).toEqual([['t1', 0]]);
    expect(countOf(client, OPEN)).toBe(1);
  });

  it('appends a new message to its conversation once, and applies ack updates', () => {
    const page: MessageListAnswer = {
      messages: [message({ id: 'm1', createdAt: '2026-11-23T10:00:00.000Z' })],
      ticket: ticket(),
      count: 1,
      hasMore: false,
    };
    client.setQueryData<InfiniteData<MessageListAnswer>>(messageKeys.ticket('t1'), {
      pages: [page],
      pageParams: [{ pageNumber: 1 }],
    });
    const reply = message({ id: 'm2', fromMe: true, ack: 1, createdAt: '2026-11-23T10:01:00.000Z' });

    upsertMessageInCache(client, reply);
    upsertMessageInCache(client, reply);
    upsertMessageInCache(client, { ...reply, ack: 3 });

    const messages = flattenMessages(client.getQueryData(messageKeys.ticket('t1')));
    expect(messages.map((m) => [m.id, m.ack])).toEqual([
      ['m1', 0],
      ['m2', 3],
    ]);
  });

  it('orders messages that share a timestamp by id, as the server does, whatever order they arrived in', () => {
    const at = '2026-11-23T10:00:00.000Z'; // WhatsApp's timestamps have whole seconds
    client.setQueryData<InfiniteData<MessageListAnswer>>(messageKeys.ticket('t1'), {
      pages: [{ messages: [message({ id: '01B', createdAt: at })], ticket: ticket(), count: 1, hasMore: false }],
      pageParams: [{ pageNumber: 1 }],
    });
    upsertMessageInCache(client, message({ id: '01C', createdAt: at }));
    upsertMessageInCache(client, message({ id: '01A', createdAt: at }));

    const messages = flattenMessages(client.getQueryData(messageKeys.ticket('t1')));
    expect(messages.map((m) => m.id)).toEqual(['01A', '01B', '01C']);
  });
});
