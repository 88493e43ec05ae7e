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

const VENDAS = { id: 'q1', name: 'Vendas', color: '#0a7d33' };
const OPEN = { status: 'open', showAll: false } as const;
const PENDING = { status: 'pending', showAll: false } as const;

describe('live events patch the cached lists by key (spec part 1 §4 realtime)', () => {
  let client: QueryClient;
  beforeEach(() => {
    signInAs({ id: 'u1', profile: 'user', queues: [VENDAS] });
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

  it('keeps the later text and unread count when two landings reach the console in the other order', () => {
    const uuid = ticket().uuid;
    seed(client, OPEN, [ticket({ id: 't1', unreadMessages: 0, activityVersion: 4 })]);
    client.setQueryData(ticketKeys.detail(uuid), ticket({ id: 't1', unreadMessages: 0, activityVersion: 4 }));
    const first = ticket({ id: 't1', lastMessage: 'Oi', unreadMessages: 1, activityVersion: 5 });
    const second = ticket({ id: 't1', lastMessage: 'Tudo bem?', unreadMessages: 2, activityVersion: 6 });

    upsertTicketInCaches(client, second);
    upsertTicketInCaches(client, { ...first, status: 'open', queueId: 'q1' });

    const row = client.getQueryData<Lists>(ticketKeys.list(OPEN))!.pages[0]!.tickets[0]!;
    expect([row.lastMessage, row.unreadMessages, row.activityVersion]).toEqual(['Tudo bem?', 2, 6]);
    const detail = client.getQueryData<ReturnType<typeof ticket>>(ticketKeys.detail(uuid))!;
    expect([detail.lastMessage, detail.unreadMessages]).toEqual(['Tudo bem?', 2]);
  });

  it('takes the rest of an older event (a transition read before a landing) and the activity of the newer', () => {
    seed(client, OPEN, [ticket({ id: 't1', lastMessage: 'Novo', unreadMessages: 3, activityVersion: 7 })]);
    seed(client, { status: 'open', showAll: true }, []);

    upsertTicketInCaches(
      client,
      ticket({ id: 't1', userId: 'u2', lastMessage: 'Velho', unreadMessages: 1, activityVersion: 6 }),
    );

    expect(idsIn(client, OPEN)).toEqual([]);
    const row = client.getQueryData<Lists>(ticketKeys.list({ status: 'open', showAll: true }))!.pages[0]!.tickets[0]!;
    expect([row.userId, row.lastMessage, row.unreadMessages]).toEqual(['u2', 'Novo', 3]);
  });

  it("leaves out a read's unread patch older than a landing the console already shows", () => {
    seed(client, OPEN, [ticket({ id: 't1', unreadMessages: 1, activityVersion: 9 })]);

    patchTicketFields(client, 't1', { unreadMessages: 0, activityVersion: 8 });
    expect(client.getQueryData<Lists>(ticketKeys.list(OPEN))!.pages[0]!.tickets[0]!.unreadMessages).toBe(1);

    patchTicketFields(client, 't1', { unreadMessages: 0, activityVersion: 10 });
    expect(client.getQueryData<Lists>(ticketKeys.list(OPEN))!.pages[0]!.tickets[0]!.unreadMessages).toBe(0);
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

describe("a ticket out of the viewer's reach leaves their lists (issue 30: the transferred ticket that stayed)", () => {
  let client: QueryClient;
  const mine = ticket({ id: 't1', status: 'open', userId: 'u1', queueId: 'q1' });
  /** What PUT answers for "transfer to queue q2 only" (spec part 1 §4): waiting in q2, nobody's. */
  const inSuporte = { ...mine, status: 'pending' as const, userId: null, user: null, queueId: 'q2' };
  beforeEach(() => {
    client = new QueryClient();
  });

  it("an operator's own transfer to a queue they are not in never lands in their pending list, in either order", () => {
    signInAs({ id: 'u1', profile: 'user', queues: [VENDAS] });
    seed(client, OPEN, [mine]);
    seed(client, PENDING, []);

    // The old audience's 'moved' delete may come before or after the PUT's own answer.
    removeTicketFromCaches(client, 't1');
    upsertTicketInCaches(client, inSuporte);
    upsertTicketInCaches(client, inSuporte);

    expect(idsIn(client, OPEN)).toEqual([]);
    expect(idsIn(client, PENDING)).toEqual([]);
    expect(countOf(client, PENDING)).toBe(0);
    expect(countOf(client, OPEN)).toBe(0);
  });

  it('a stale copy of a ticket now out of reach drops the row it had', () => {
    signInAs({ id: 'u1', profile: 'user', queues: [VENDAS] });
    seed(client, PENDING, [ticket({ id: 't1', status: 'pending', userId: null, queueId: 'q1' })]);

    upsertTicketInCaches(client, inSuporte);

    expect(idsIn(client, PENDING)).toEqual([]);
    expect(countOf(client, PENDING)).toBe(0);
  });

  it("still shows it to whoever may see the new queue, an admin, and the assignee of another queue's ticket", () => {
    signInAs({ id: 'u2', profile: 'user', queues: [{ id: 'q2', name: 'Suporte', color: '#00a' }] });
    seed(client, PENDING, []);
    upsertTicketInCaches(client, inSuporte);
    expect(idsIn(client, PENDING)).toEqual(['t1']);

    signInAs({ id: 'u9', profile: 'admin' });
    seed(client, PENDING, []);
    upsertTicketInCaches(client, inSuporte);
    expect(idsIn(client, PENDING)).toEqual(['t1']);

    signInAs({ id: 'u1', profile: 'user', queues: [VENDAS] });
    seed(client, OPEN, []);
    upsertTicketInCaches(client, { ...inSuporte, status: 'open', userId: 'u1' });
    expect(idsIn(client, OPEN)).toEqual(['t1']);
  });

  it('a queue-less ticket follows userViewTicketsWithoutDepartment', () => {
    const queueless = { ...inSuporte, queueId: null, queue: null };
    signInAs({ id: 'u1', profile: 'user', queues: [VENDAS] });
    seed(client, PENDING, []);
    upsertTicketInCaches(client, queueless);
    expect(idsIn(client, PENDING)).toEqual([]);

    signInAs({ id: 'u1', profile: 'user', queues: [VENDAS] }, [
      { key: 'userViewTicketsWithoutDepartment', value: 'enabled' },
    ]);
    upsertTicketInCaches(client, queueless);
    expect(idsIn(client, PENDING)).toEqual(['t1']);
  });
});
