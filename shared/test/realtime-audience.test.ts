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

  it('reads the settings only for ticket audiences', () => {
    expect(audienceNeedsSettings({ kind: 'company' })).toBe(false);
    expect(audienceNeedsSettings({ kind: 'ticketViewers', ticketId: 't' })).toBe(false);
    expect(audienceNeedsSettings({ kind: 'tickets', queueId: null, userId: null })).toBe(true);
    expect(audienceNeedsSettings({ kind: 'ticketViewers', ticketId: 't', queueId: 'q' })).toBe(true);
  });

  it("channel names keep the spec's wire names", () => {
    expect(realtimeChannel.companyChanged('c1')).toBe('company-c1-changed');
    expect(realtimeChannel.ticket('c1')).toBe('company-c1-ticket');
    expect(realtimeChannel.whatsappSession('c1')).toBe('company-c1-whatsappSession');
  });
});
