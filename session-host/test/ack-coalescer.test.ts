/**
 * Issue 28 §1: a message's acks that arrive close together are published as one event carrying the
 * highest ack (each published ack costs a message update, an SQS send and delete and a fan-out frame).
 */
import type { ChannelEvent, ChannelMessage } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelEventBody } from '../src/adapters/channel-adapter';
import { ACK_WINDOW_MS, AckCoalescer } from '../src/queues/ack-coalescer';
import { eventIdFor } from '../src/queues/event-ids';
import { MemoryEventSink } from '../src/queues/inbound-publisher';
import { MessageGroups } from '../src/queues/message-groups';

const CONNECTION = 'cn-1';

const stamp = (body: ChannelEventBody, connectionId = CONNECTION): ChannelEvent =>
  ({
    ...body,
    eventId: eventIdFor(connectionId, body),
    companyId: 'co-1',
    connectionId,
    occurredAt: new Date().toISOString(),
  }) as ChannelEvent;

const ack = (externalId: string, value: 0 | 1 | 2 | 3 | 4, connectionId = CONNECTION) =>
  stamp({ type: 'message.ack', externalId, ack: value }, connectionId);

const sent = (externalId: string): ChannelEvent =>
  stamp({
    type: 'message.sent',
    message: {
      externalId,
      clientMessageId: `client-${externalId}`,
      fromMe: true,
      isGroup: false,
      body: 'Olá',
      timestamp: new Date().toISOString(),
      contact: { jid: '5511988880001@s.whatsapp.net', number: '5511988880001', name: 'Maria' },
    } as ChannelMessage,
  });

/** An event as `<message>:ack<n>` (acks) or its type (the rest). */
const label = (e: ChannelEvent) => (e.type === 'message.ack' ? `${e.externalId}:ack${e.ack}` : e.type);
/** What reached the sink, in order. */
const published = (sink: MemoryEventSink) => sink.events.map(label);

let sink: MemoryEventSink;
let acks: AckCoalescer;
beforeEach(() => {
  vi.useFakeTimers();
  sink = new MemoryEventSink();
  acks = new AckCoalescer(sink);
});
afterEach(() => vi.useRealTimers());

describe('ack coalescer', () => {
  it('publishes acks 1, 2 and 3 of a message inside the window as one event: ack 3, with its own event id', async () => {
    const answers = [acks.publish(ack('A', 1)), acks.publish(ack('A', 2)), acks.publish(ack('A', 3))];
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS - 1);
    expect(sink.events).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(published(sink)).toEqual(['A:ack3']);
    expect(sink.events[0]!.eventId).toBe(`ack:${CONNECTION}:A:3`); // the consumer dedupes a redelivered ack 3
    await expect(Promise.all(answers)).resolves.toBeDefined(); // every answer settles with what took its place
  });

  it('drops a lower ack that arrives after a higher one', async () => {
    void acks.publish(ack('A', 3));
    void acks.publish(ack('A', 2));
    void acks.publish(ack('A', 1));
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect(published(sink)).toEqual(['A:ack3']);
  });

  it('does not merge acks of different messages, nor of the same id on different connections', async () => {
    void acks.publish(ack('A', 1));
    void acks.publish(ack('B', 2));
    void acks.publish(ack('A', 1, 'cn-2'));
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect(sink.events.map((e) => `${e.connectionId}/${label(e)}`)).toEqual([
      `${CONNECTION}/A:ack1`,
      `${CONNECTION}/B:ack2`,
      'cn-2/A:ack1',
    ]);
  });

  it('publishes an ack that arrives after the window as a second event', async () => {
    void acks.publish(ack('A', 1));
    void acks.publish(ack('A', 2));
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    void acks.publish(ack('A', 3));
    expect(published(sink)).toEqual(['A:ack2']);

    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect(published(sink)).toEqual(['A:ack2', 'A:ack3']);
  });

  it('does not delay other events', async () => {
    void acks.publish(ack('A', 1));
    void acks.publish(sent('B'));
    expect(published(sink)).toEqual(['message.sent']);
  });

  it('publishes what it holds when the host stops, and holds nothing after', async () => {
    const held = acks.publish(ack('A', 2));
    void acks.publish(ack('B', 1));
    await acks.flushAll();
    expect(published(sink)).toEqual(['A:ack2', 'B:ack1']);
    await expect(held).resolves.toBeUndefined();

    void acks.publish(ack('A', 3));
    expect(published(sink)).toEqual(['A:ack2', 'B:ack1', 'A:ack3']);
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect(sink.events).toHaveLength(3); // the window's timer published nothing twice
  });

  it("publishes a closed session's held acks at once, and only that connection's", async () => {
    void acks.publish(ack('A', 2));
    void acks.publish(ack('A', 1, 'cn-2'));
    await acks.flush(CONNECTION);
    expect(sink.events.map((e) => e.connectionId)).toEqual([CONNECTION]);

    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect(sink.events.map((e) => e.connectionId)).toEqual([CONNECTION, 'cn-2']);
  });

  it('rejects the held acks whose published event the sink refused', async () => {
    const refusing = new AckCoalescer({ publish: () => Promise.reject(new Error('publisher stopped')) });
    const first = refusing.publish(ack('A', 1));
    const second = refusing.publish(ack('A', 2));
    const outcomes = Promise.allSettled([first, second]);
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect((await outcomes).map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('ack coalescer: order with the message’s other events', () => {
  it.each([
    ['message.edited', { type: 'message.edited', externalId: 'A', body: 'Olá!' }],
    ['message.deleted', { type: 'message.deleted', externalId: 'A' }],
    ['message.reaction', { type: 'message.reaction', externalId: 'A', emoji: '👍', fromMe: false }],
    ['message.sendFailed', { type: 'message.sendFailed', externalId: 'A', error: 'refused', reason: 'rejected' }],
  ] as const)('publishes a held ack before a later %s of the same message', async (type, body) => {
    void acks.publish(ack('A', 1));
    void acks.publish(ack('B', 1));
    void acks.publish(stamp(body as ChannelEventBody));
    expect(published(sink)).toEqual(['A:ack1', type]); // B's ack is another message's: still held

    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);
    expect(published(sink)).toEqual(['A:ack1', type, 'B:ack1']);
  });

  it("keeps a message's acks behind its send confirmation in the message's FIFO group", async () => {
    // As the inbound publisher does: each event's group is taken when it is published.
    const groups = new MessageGroups();
    const grouped: string[] = [];
    const inGroups = new AckCoalescer({
      publish: async (event) => void grouped.push(`${event.type}@${groups.of(event)}`),
    });
    void inGroups.publish(sent('A'));
    void inGroups.publish(ack('A', 1));
    void inGroups.publish(ack('A', 2));
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);

    const lane = `${CONNECTION}:5511988880001@s.whatsapp.net:out`;
    expect(grouped).toEqual([`message.sent@${lane}`, `message.ack@${lane}`]);
  });

  it('publishes an ack that came before its message after the message (then in its group)', async () => {
    const groups = new MessageGroups();
    const grouped: string[] = [];
    const inGroups = new AckCoalescer({
      publish: async (event) => void grouped.push(`${event.type}@${groups.of(event)}`),
    });
    void inGroups.publish(ack('A', 1)); // WhatsApp's server ack overtook the echo of the send
    void inGroups.publish(sent('A'));
    await vi.advanceTimersByTimeAsync(ACK_WINDOW_MS);

    const lane = `${CONNECTION}:5511988880001@s.whatsapp.net:out`;
    expect(grouped).toEqual([`message.sent@${lane}`, `message.ack@${lane}`]);
  });
});
