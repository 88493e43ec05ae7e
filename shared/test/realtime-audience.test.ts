/** Who receives an event: `audienceIncludes` over the shared policy, socket by socket. */
import { describe, expect, it } from 'vitest';
import { audienceIncludes, audienceNeedsSettings, realtimeChannel, type Audience, type RealtimeRecipient } from '../src';

const recipient = (over: Partial<RealtimeRecipient> = {}): RealtimeRecipient => ({
  userId: 'u1',
  companyId: 'c1',
  profile: 'user',
  super: false,
  queueIds: ['qA'],
  viewingTicketId: null,
  ...over,
});
const admin = recipient({ userId: 'adm', profile: 'admin', queueIds: [] });
const opA = recipient();
const opB = recipient({ userId: 'u2', queueIds: ['qB'] });
const sup = recipient({ userId: 's', super: true, queueIds: [] });

const who = (audience: Audience, settings = {}) =>
  [admin, opA, opB, sup].filter((r) => audienceIncludes(audience, r, settings)).map((r) => r.userId);

describe('audienceIncludes', () => {
  it('company, admins and one user', () => {
    expect(who({ kind: 'company' })).toEqual(['adm', 'u1', 'u2', 's']);
    expect(who({ kind: 'admins' })).toEqual(['adm', 's']);
    expect(who({ kind: 'user', userId: 'u2' })).toEqual(['u2']);
  });

  it("tickets: the queue's operators, the assignee, admins; queue-less only with the company setting", () => {
    expect(who({ kind: 'tickets', queueId: 'qB', userId: null })).toEqual(['adm', 'u2', 's']);
    expect(who({ kind: 'tickets', queueId: 'qB', userId: 'u1' })).toEqual(['adm', 'u1', 'u2', 's']);
    expect(who({ kind: 'tickets', queueId: null, userId: null })).toEqual(['adm', 's']);
    expect(who({ kind: 'tickets', queueId: null, userId: null }, { userViewTicketsWithoutDepartment: true })).toEqual([
      'adm',
      'u1',
      'u2',
      's',
    ]);
  });

  it("ticketViewers: only sockets in the room, re-judged when the ticket's queue is given", () => {
    const viewers = [
      recipient({ viewingTicketId: 't1' }),
      recipient({ userId: 'u2', queueIds: ['qB'], viewingTicketId: 't1' }),
      recipient({ userId: 'u3', viewingTicketId: 't2' }),
    ];
    const of = (audience: Audience) => viewers.filter((r) => audienceIncludes(audience, r, {})).map((r) => r.userId);
    expect(of({ kind: 'ticketViewers', ticketId: 't1' })).toEqual(['u1', 'u2']);
    expect(of({ kind: 'ticketViewers', ticketId: 't1', queueId: 'qB', userId: null })).toEqual(['u2']);
  });

  it('reads the settings only for a queue-less ticket', () => {
    expect(audienceNeedsSettings({ kind: 'company' })).toBe(false);
    expect(audienceNeedsSettings({ kind: 'ticketViewers', ticketId: 't' })).toBe(false);
    expect(audienceNeedsSettings({ kind: 'tickets', queueId: 'q', userId: null })).toBe(false);
    expect(audienceNeedsSettings({ kind: 'ticketViewers', ticketId: 't', queueId: 'q' })).toBe(false);
    expect(audienceNeedsSettings({ kind: 'tickets', queueId: null, userId: null })).toBe(true);
    expect(audienceNeedsSettings({ kind: 'ticketViewers', ticketId: 't', queueId: null })).toBe(true);
  });

  it('never needs settings it does not read: without them every socket is judged as with any of them', () => {
    const keys = ['userViewTicketsWithoutDepartment', 'addAlterConnection', 'useApi', 'userAlwaysSubmitSignature'] as const;
    const settingsVariants = [
      {},
      Object.fromEntries(keys.map((k) => [k, true])),
      Object.fromEntries(keys.map((k) => [k, false])),
    ];
    const audiences: Audience[] = [];
    for (const queueId of ['qA', 'qB', 'qX', null, undefined])
      for (const userId of ['u1', 'u2', null]) {
        if (queueId !== undefined) audiences.push({ kind: 'tickets', queueId, userId });
        audiences.push({ kind: 'ticketViewers', ticketId: 't1', queueId, userId });
      }
    audiences.push({ kind: 'company' }, { kind: 'admins' }, { kind: 'user', userId: 'u1' });
    const sockets = [admin, opA, opB, sup].flatMap((r) => [r, { ...r, viewingTicketId: 't1' }]);
    for (const audience of audiences.filter((a) => !audienceNeedsSettings(a)))
      for (const socket of sockets) {
        const judged = settingsVariants.map((settings) => audienceIncludes(audience, socket, settings));
        expect(new Set(judged).size, JSON.stringify({ audience, socket: socket.userId })).toBe(1);
      }
    // …and the one that does need them is decided by them.
    const queueLess: Audience = { kind: 'tickets', queueId: null, userId: null };
    expect(audienceIncludes(queueLess, opA, {})).not.toBe(audienceIncludes(queueLess, opA, settingsVariants[1]!));
  });

  it("channel names keep the spec's wire names", () => {
    expect(realtimeChannel.companyChanged('c1')).toBe('company-c1-changed');
    expect(realtimeChannel.ticket('c1')).toBe('company-c1-ticket');
    expect(realtimeChannel.whatsappSession('c1')).toBe('company-c1-whatsappSession');
  });
});
