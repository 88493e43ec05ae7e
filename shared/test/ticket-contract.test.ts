import { describe, expect, it } from 'vitest';
import * as z from '../src/zod';
import {
  createContactSchema,
  createTicketNoteSchema,
  listTicketsQuerySchema,
  requestUploadsSchema,
  sendMessageSchema,
  syncTagsSchema,
  ticketTransition,
  tagColorFromName,
  updateTicketSchema,
  type Viewer,
} from '../src';

const operator: Viewer = { userId: 'u1', companyId: 'c1', profile: 'user', super: false, queueIds: ['q1'] };
const admin: Viewer = { userId: 'a1', companyId: 'c1', profile: 'admin', super: false };

describe('ticketTransition (spec part 1 §4)', () => {
  it('accept: pending → open assigned to the caller', () => {
    expect(
      ticketTransition(operator, { status: 'pending', userId: null, queueId: 'q1' }, { status: 'open', userId: 'u1' }),
    ).toEqual({ ok: true, kind: 'accept', next: { status: 'open', userId: 'u1', queueId: 'q1' } });
  });
  it('return: open → pending, user cleared', () => {
    expect(
      ticketTransition(operator, { status: 'open', userId: 'u1', queueId: 'q1' }, { status: 'pending', userId: null }),
    ).toEqual({ ok: true, kind: 'return', next: { status: 'pending', userId: null, queueId: 'q1' } });
  });
  it('resolve: open → closed', () => {
    const t = ticketTransition(operator, { status: 'open', userId: 'u1', queueId: 'q1' }, { status: 'closed' });
    expect(t).toEqual({ ok: true, kind: 'resolve', next: { status: 'closed', userId: 'u1', queueId: 'q1' } });
  });
  it('reopen needs a queue for operators, not for admins', () => {
    const closed = { status: 'closed', userId: null, queueId: null } as const;
    expect(ticketTransition(operator, closed, { status: 'open' })).toMatchObject({ ok: false, reason: 'queueRequired' });
    expect(ticketTransition(operator, closed, { status: 'open', queueId: 'q1' })).toEqual({
      ok: true,
      kind: 'reopen',
      next: { status: 'open', userId: 'u1', queueId: 'q1' },
    });
    expect(ticketTransition(admin, closed, { status: 'open' })).toMatchObject({
      ok: true,
      kind: 'reopen',
      next: { userId: 'a1', queueId: null },
    });
  });
  it('transfer to a queue only → pending without user; with a user → open for them', () => {
    const current = { status: 'open', userId: 'u1', queueId: 'q1' } as const;
    expect(ticketTransition(operator, current, { queueId: 'q2', userId: null })).toEqual({
      ok: true,
      kind: 'transfer',
      next: { status: 'pending', userId: null, queueId: 'q2' },
    });
    expect(ticketTransition(operator, current, { queueId: 'q2', userId: 'u9' })).toEqual({
      ok: true,
      kind: 'transfer',
      next: { status: 'open', userId: 'u9', queueId: 'q2' },
    });
    expect(ticketTransition(operator, { status: 'open', userId: 'u1', queueId: null }, { userId: 'u9' })).toMatchObject({
      ok: false,
      reason: 'queueRequired',
    });
  });
  it('repeating the current state is no transition; nonsense is refused', () => {
    expect(
      ticketTransition(operator, { status: 'open', userId: 'u1', queueId: 'q1' }, { status: 'open', userId: 'u1' }),
    ).toMatchObject({ ok: true, kind: 'none' });
    expect(
      ticketTransition(operator, { status: 'closed', userId: null, queueId: 'q1' }, { status: 'pending' }),
    ).toMatchObject({ ok: false, reason: 'invalidTransition' });
  });
});

describe('ticket workspace schemas', () => {
  it('list query: booleans and id lists as the console sends them', () => {
    const q = z.parse(listTicketsQuerySchema, {
      status: 'open',
      showAll: 'true',
      tags: '["t1","t2"]',
      queueIds: 'q1,q2',
      pageNumber: '2',
    });
    expect(q).toMatchObject({
      status: 'open',
      showAll: true,
      tags: ['t1', 't2'],
      queueIds: ['q1', 'q2'],
      users: [],
      pageNumber: 2,
      withUnreadMessages: false,
    });
    expect(z.safeParse(listTicketsQuerySchema, { tags: '[oops' }).success).toBe(false);
  });
  it('update ticket: "" means null', () => {
    expect(z.parse(updateTicketSchema, { queueId: '', userId: 'u1' })).toEqual({ queueId: null, userId: 'u1' });
  });
  it('send message: empty body only with media; quotedMsg object or id', () => {
    expect(z.safeParse(sendMessageSchema, { body: '   ' }).success).toBe(false);
    expect(z.parse(sendMessageSchema, { body: 'oi', quotedMsg: { id: 'm1', body: 'x' } }).quotedMsg).toBe('m1');
    expect(
      z.safeParse(sendMessageSchema, { body: '', medias: [{ key: 'k', fileName: 'a.png', mimetype: 'image/png' }] }).success,
    ).toBe(true);
  });
  it('uploads: blocked types, 5 MB, 3 files, no duplicate names', () => {
    const file = (fileName: string, mimetype = 'application/pdf', size = 1000) => ({ fileName, mimetype, size });
    expect(z.safeParse(requestUploadsSchema, { files: [file('a.pdf')] }).success).toBe(true);
    expect(z.safeParse(requestUploadsSchema, { files: [file('a.exe', 'application/octet-stream')] }).success).toBe(false);
    expect(z.safeParse(requestUploadsSchema, { files: [file('a.html', 'text/html')] }).success).toBe(false);
    expect(
      z.safeParse(requestUploadsSchema, { files: [file('a.pdf', 'application/pdf', 5 * 1024 * 1024 + 1)] }).success,
    ).toBe(false);
    expect(
      z.safeParse(requestUploadsSchema, { files: [file('a.pdf'), file('b.pdf'), file('c.pdf'), file('d.pdf')] }).success,
    ).toBe(false);
    expect(z.safeParse(requestUploadsSchema, { files: [file('a.pdf'), file('a.pdf')] }).success).toBe(false);
  });
  it('contact: spec messages; note ≥ 2 characters; tags sync takes objects or ids', () => {
    const bad = z.safeParse(createContactSchema, { name: 'A', number: '123' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(['validation.tooShort', 'validation.tooShort']);
    expect(z.safeParse(createTicketNoteSchema, { note: 'a', ticketId: 't' }).error!.issues[0]!.message).toBe(
      'validation.tooShort',
    );
    expect(z.parse(syncTagsSchema, { ticketId: 't', tags: [{ id: 'x', name: 'X' }, 'y'] }).tags).toEqual(['x', 'y']);
  });
  it('inline tag colours derive from the name', () => {
    expect(tagColorFromName('VIP')).toBe(tagColorFromName('vip'));
    expect(tagColorFromName('')).toBe('#A4CCCC');
  });
});
