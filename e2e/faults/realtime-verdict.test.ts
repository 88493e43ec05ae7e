/** The fault suite's realtime judgement (support/realtime-verdict.ts), on hand-made frames: no stack. */
import { describe, expect, it } from 'vitest';
import { judgeRealtime, type RealtimeExpected, type RealtimeObserved } from './support/realtime-verdict';

const expected: RealtimeExpected = {
  numbers: ['5511900000001'],
  ticketMarks: ['T1', '[f:s:in:0:0]', '[f:s:out:0:0]'],
  tokens: ['[f:s:in:0:0]', '[f:s:out:0:0]'],
  accepted: ['T1'],
};

const frame = (channel: string, data: unknown) => JSON.stringify({ channel, data });
const created = (body: string) =>
  frame('company-A-appMessage', {
    action: 'create',
    message: { body, ticketId: 'T1' },
    ticket: { id: 'T1', status: 'pending' },
  });
const accepted = frame('company-A-ticket', { action: 'update', ticket: { id: 'T1', status: 'open' } });
const contact = frame('company-A-contact', { action: 'update', contact: { number: '5511900000001' } });

const clean = (): RealtimeObserved => ({
  outsiders: [
    { name: 'other company', sameCompany: false, frames: [frame('company-B-user', { action: 'update' })] },
    { name: 'no queue', sameCompany: true, frames: [contact] },
  ],
  secondTab: [created('Olá [f:s:in:0:0]'), accepted, created('Resposta [f:s:out:0:0]')],
  reconnected: { framesAfter: [created('Resposta [f:s:out:0:0]')], restAfter: ['Olá [f:s:in:0:0]'] },
});

describe('judgeRealtime', () => {
  it('passes when outsiders see nothing of the tickets, the second tab saw everything and the reconnect caught up', () => {
    expect(judgeRealtime(expected, clean())).toEqual({
      outsideFrames: 0,
      secondTabMissing: 0,
      reconnectMissing: 0,
      problems: [],
    });
  });

  it('counts a message frame on another company’s socket, and its customer’s contact frame', () => {
    const observed = clean();
    observed.outsiders[0]!.frames.push(created('Olá [f:s:in:0:0]'), contact);
    expect(judgeRealtime(expected, observed).outsideFrames).toBe(2);
  });

  it('lets a same-company user see the contact but not the ticket or its messages', () => {
    const observed = clean();
    expect(judgeRealtime(expected, observed).outsideFrames).toBe(0);
    observed.outsiders[1]!.frames.push(accepted);
    expect(judgeRealtime(expected, observed).outsideFrames).toBe(1);
  });

  it('reports what the second tab missed: a message, an accept', () => {
    const observed = clean();
    observed.secondTab = [created('Olá [f:s:in:0:0]')];
    const verdict = judgeRealtime(expected, observed);
    expect(verdict.secondTabMissing).toBe(2);
    expect(verdict.problems).toEqual([
      'the second tab never showed [f:s:out:0:0]',
      'the second tab never showed accept of T1',
    ]);
  });

  it('reports a message that fell between the REST reads and the new socket', () => {
    const observed = clean();
    observed.reconnected = { framesAfter: [], restAfter: ['Olá [f:s:in:0:0]'] };
    expect(judgeRealtime(expected, observed).reconnectMissing).toBe(1);
  });
});
