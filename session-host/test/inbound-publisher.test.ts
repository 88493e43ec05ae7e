/**
 * The inbound publisher answers "enqueued" only for what SQS took: the simulated WhatsApp receipts a
 * customer message on that answer (inbound-receipt-after-enqueue.test.ts), so an event dropped when
 * the host stops must reject, never resolve.
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { ChannelEvent } from '@atende/shared';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../src/logger';
import { InboundPublisher } from '../src/queues/inbound-publisher';

const ack = (eventId: string): ChannelEvent => ({
  type: 'message.ack',
  eventId,
  companyId: 'co-1',
  connectionId: 'cn-1',
  occurredAt: new Date().toISOString(),
  externalId: 'wamid-1',
  ack: 2,
});

/** An SQS client whose SendMessageBatch fails while `down`; records the event ids it took. */
function sqs() {
  const state = { down: true, taken: [] as string[] };
  const send = vi.fn(async (command: { input: { Entries: { MessageDeduplicationId: string }[] } }) => {
    if (state.down) throw new Error('SQS unreachable');
    state.taken.push(...command.input.Entries.map((e) => e.MessageDeduplicationId));
    return {};
  });
  return { client: { send } as unknown as SQSClient, state };
}

describe('inbound publisher', () => {
  it('rejects an event it drops when stopped, and still sends the one behind it in the same group', async () => {
    const { client, state } = sqs();
    const publisher = new InboundPublisher(client, 'http://sqs/inbound.fifo', silentLogger());
    const dropped = publisher.publish(ack('ack:first'));
    const outcome = dropped.then(
      () => 'resolved',
      () => 'rejected',
    );
    publisher.stop();
    expect(await outcome).toBe('rejected');

    state.down = false;
    await expect(publisher.publish(ack('ack:second'))).resolves.toBeUndefined();
    expect(state.taken).toHaveLength(1);
    expect(state.taken[0]).toContain('second');
  });

  it('resolves once SQS has taken the event, after retries', async () => {
    const { client, state } = sqs();
    const publisher = new InboundPublisher(client, 'http://sqs/inbound.fifo', silentLogger());
    const published = publisher.publish(ack('ack:retried'));
    setTimeout(() => (state.down = false), 300);
    await published;
    expect(state.taken).toHaveLength(1);
  });
});
