import type { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { SqsSendBatches } from './sqs-send-batches';

function fakeSqs(answer: (ids: string[]) => object = () => ({})) {
  const calls: { queue: string; bodies: string[] }[] = [];
  const send = vi.fn(async (command: SendMessageBatchCommand) => {
    const entries = command.input.Entries ?? [];
    calls.push({ queue: command.input.QueueUrl!, bodies: entries.map((e) => e.MessageBody!) });
    return answer(entries.map((e) => e.Id!));
  });
  return { sqs: { send } as unknown as SQSClient, calls };
}
const entry = (body: string, group = 'g') => ({ MessageBody: body, MessageGroupId: group, MessageDeduplicationId: body });

describe('SqsSendBatches', () => {
  it('sends the entries of one turn as one SendMessageBatch per queue, in call order', async () => {
    const { sqs, calls } = fakeSqs();
    const batches = new SqsSendBatches(() => sqs);
    await Promise.all([
      batches.send('q1', entry('a', 'g1')),
      batches.send('q2', entry('x')),
      batches.send('q1', entry('b', 'g2')),
      batches.send('q1', entry('c', 'g1')),
    ]);
    expect(calls).toEqual([
      { queue: 'q1', bodies: ['a', 'b', 'c'] },
      { queue: 'q2', bodies: ['x'] },
    ]);
    await batches.send('q1', entry('later'));
    expect(calls.at(-1)).toEqual({ queue: 'q1', bodies: ['later'] });
  });

  it('cuts a turn at 10 entries and at 256 KiB of bodies, chunks sent one after the other', async () => {
    const { sqs, calls } = fakeSqs();
    const batches = new SqsSendBatches(() => sqs);
    await Promise.all(Array.from({ length: 12 }, (_, i) => batches.send('q', entry(`m${i}`))));
    const big = 'x'.repeat(100 * 1024);
    await Promise.all([
      batches.send('q', entry(`${big}1`)),
      batches.send('q', entry(`${big}2`)),
      batches.send('q', entry(`${big}3`)),
    ]);
    expect(calls.map((c) => c.bodies.length)).toEqual([10, 2, 2, 1]);
    expect(calls[1]!.bodies).toEqual(['m10', 'm11']);
  });

  it('rejects only the caller whose entry failed, and every caller of a failed call', async () => {
    const { sqs } = fakeSqs((ids) => ({ Failed: [{ Id: ids[1], Code: 'InternalError', SenderFault: false }] }));
    const batches = new SqsSendBatches(() => sqs);
    const settled = await Promise.allSettled([batches.send('q', entry('ok')), batches.send('q', entry('bad'))]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);

    const down = new SqsSendBatches(() => ({ send: vi.fn().mockRejectedValue(new Error('down')) }) as unknown as SQSClient);
    const both = await Promise.allSettled([down.send('q', entry('a')), down.send('q', entry('b'))]);
    expect(both.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });
});
