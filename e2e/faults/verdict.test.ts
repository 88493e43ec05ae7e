/** The fault suite's judgement: it must see a loss, a double, a split ticket, a stray copy and a falling ack. */
import { describe, expect, it } from 'vitest';
import { isClean, judge, tokenOf, type Observed } from './support/verdict';

const A = '5511900000001';
const B = '5511900000002';
const inA = tokenOf('s', 'in', 0, 0);
const inB = tokenOf('s', 'in', 1, 0);
const outA = tokenOf('s', 'out', 0, 0);
const customerMessages = [
  { token: inA, customer: A },
  { token: inB, customer: B },
];
const replies = [{ token: outA, customer: A }];

const clean = (): Observed => ({
  tickets: {
    [A]: [{ ticketId: 't1', bodies: [`Olá ${inA}`, `*Op:*\nResposta ${outA}`] }],
    [B]: [{ ticketId: 't2', bodies: [`Olá ${inB}`] }],
  },
  phones: { [A]: [`*Op:*\nResposta ${outA}`], [B]: [] },
  contacts: { [A]: 1, [B]: 1 },
  acks: { m1: [0, 1, 2, 3, 3] },
});

describe('judge', () => {
  it('passes a clean run', () => {
    const v = judge(customerMessages, replies, clean());
    expect(v).toMatchObject({ sent: 3, received: 3, lost: 0, doubled: 0, problems: [] });
    expect(isClean(v)).toBe(true);
  });

  it('sees a reply that reached the phone twice (the double send)', () => {
    const o = clean();
    o.phones[A]!.push(`*Op:*\nResposta ${outA}`);
    const v = judge(customerMessages, replies, o);
    expect(v.doubled).toBe(1);
    expect(isClean(v)).toBe(false);
  });

  it('sees a lost customer message and a customer message split into a second ticket', () => {
    const o = clean();
    o.tickets[B] = [
      { ticketId: 't2', bodies: [] },
      { ticketId: 't3', bodies: [] },
    ];
    const v = judge(customerMessages, replies, o);
    expect(v).toMatchObject({ lost: 1, received: 2, splitTickets: 1 });
  });

  it('counts a message in two tickets as doubled, and one in another customer’s ticket or phone as misrouted', () => {
    const o = clean();
    o.tickets[A]!.push({ ticketId: 't9', bodies: [`Olá ${inA}`] });
    o.tickets[B]![0]!.bodies.push(`Olá ${inA}`);
    o.phones[B]!.push(`Resposta ${outA}`);
    const v = judge(customerMessages, replies, o);
    expect(v).toMatchObject({ doubled: 1, misrouted: 2, splitTickets: 1 });
  });

  it('sees duplicate contacts and acks that go down', () => {
    const o = clean();
    o.contacts[B] = 2;
    o.acks.m2 = [1, 3, 2];
    const v = judge(customerMessages, replies, o);
    expect(v).toMatchObject({ duplicateContacts: 1, ackRegressions: 1 });
  });

  it("sees a ticket whose list shows another last message than its conversation's newest", () => {
    const o = clean();
    o.tickets[A]![0]!.lastMessage = `*Op:*\nResposta ${outA}`;
    expect(isClean(judge(customerMessages, replies, o))).toBe(true);
    o.tickets[A]![0]!.lastMessage = `Olá ${inA}`;
    const v = judge(customerMessages, replies, o);
    expect(v.staleLastMessages).toBe(1);
    expect(v.problems).toEqual([expect.stringContaining('ticket t1 shows')]);
    expect(isClean(v)).toBe(false);
  });

  it('tells tokens apart (no token is a prefix of another)', () => {
    expect(tokenOf('s', 'in', 1, 1)).not.toContain(tokenOf('s', 'in', 1, 10).slice(0, -1) + ']');
    const o = clean();
    o.tickets[A]![0]!.bodies = [`Olá ${tokenOf('s', 'in', 0, 10)}`, `x ${outA}`];
    expect(judge(customerMessages, replies, o).lost).toBe(1);
  });
});
