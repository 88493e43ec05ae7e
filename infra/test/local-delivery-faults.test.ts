/** SQS's delivery faults in the local event-source mappings (pollers/delivery-faults.ts): off unless asked. */
import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClientConfig } from '../local/emulators/local-aws';
import { createQueues, startSqsEmulator, type SqsEmulator } from '../local/emulators/sqs-emulator';
import { createInvoker } from '../local/lambda-runtime';
import { invokeWithDeliveryFaults, type DeliveryFault, type DeliveryFaults } from '../local/pollers/delivery-faults';
import { startEventSourceMapping } from '../local/pollers/sqs-event-source';

const event = (ids: string[]): SQSEvent => ({
  Records: ids.map((messageId) => ({ messageId }) as SQSEvent['Records'][number]),
});

describe('invokeWithDeliveryFaults', () => {
  it('with no faults, hands the batch over once and answers the consumer’s failures', async () => {
    const calls: number[] = [];
    const answer = await invokeWithDeliveryFaults({}, 'inbound', event(['a', 'b']), async (e) => {
      calls.push(e.Records.length);
      return { batchItemFailures: [{ itemIdentifier: 'b' }] };
    });
    expect(calls).toEqual([2]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
  });

  it('duplicate: hands the same batch over a second time after the first handled it, and keeps what either failed', async () => {
    const seen: string[] = [];
    const faults: DeliveryFault[] = [];
    let call = 0;
    const answer = await invokeWithDeliveryFaults(
      { duplicate: true, onFault: (f) => faults.push(f) },
      'inbound',
      event(['a', 'b', 'c']),
      async (e) => {
        call += 1;
        seen.push(...e.Records.map((r) => `${call}:${r.messageId}`));
        return call === 1
          ? { batchItemFailures: [{ itemIdentifier: 'a' }] }
          : { batchItemFailures: [{ itemIdentifier: 'c' }] };
      },
    );
    expect(seen).toEqual(['1:a', '1:b', '1:c', '2:a', '2:b', '2:c']);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'c' }] });
    expect(faults).toEqual(['duplicate']);
  });

  it('keepShare: keeps a share of the handled records on the queue, picked with the given random', async () => {
    const draws = [0.1, 0.9, 0.2, 0.8];
    const kept: number[] = [];
    const answer = await invokeWithDeliveryFaults(
      { keepShare: 0.5, random: () => draws.shift()!, onFault: (_f, _a, n) => kept.push(n) },
      'fanout',
      event(['a', 'b', 'c', 'd']),
      async () => ({ batchItemFailures: [] }),
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }, { itemIdentifier: 'c' }] });
    expect(kept).toEqual([2]);
  });

  it('keeps a record once at most: never one on a later receive (the fault alone never dead-letters it)', async () => {
    const again = event(['a', 'b']);
    again.Records[0]!.attributes = { ApproximateReceiveCount: '2' } as SQSRecord['attributes'];
    const answer = await invokeWithDeliveryFaults({ keepShare: 1 }, 'inbound', again, async () => ({}));
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: 'b' }] });
  });

  it('passes a thrown error and an invalid answer on unchanged (the mapping keeps the whole batch)', async () => {
    await expect(
      invokeWithDeliveryFaults({ duplicate: true }, 'inbound', event(['a']), async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const invalid = { batchItemFailures: 'nope' };
    expect(await invokeWithDeliveryFaults({ keepShare: 1 }, 'inbound', event(['a']), async () => invalid)).toBe(invalid);
  });
});

describe('an event-source mapping with delivery faults', () => {
  let emulator: SqsEmulator;
  let sqs: SQSClient;
  beforeAll(async () => {
    emulator = await startSqsEmulator();
    sqs = new SQSClient(localClientConfig(emulator.endpoint));
  });
  afterAll(async () => {
    sqs.destroy();
    await emulator.stop();
  });

  it('redelivers what the faults keep within their visibility timeout (not the queue’s 30 s), once, each batch twice', async () => {
    const [queue] = [
      ...(
        await createQueues(emulator.endpoint, [
          { name: 'faulty', fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 10 },
        ])
      ).values(),
    ];
    const faults: DeliveryFaults = { duplicate: true, keepShare: 1, visibilityTimeoutSeconds: 1 };
    const receives: string[] = [];
    const poller = startEventSourceMapping({
      sqs: emulator.pollerActions,
      queueUrl: queue!.url,
      queueArn: queue!.arn,
      area: 'inbound',
      invoke: createInvoker({
        inbound: async (event: SQSEvent) => {
          receives.push(...event.Records.map((r) => `${r.body}#${r.attributes.ApproximateReceiveCount}`));
          return {};
        },
      }),
      batchSize: 10,
      concurrency: 1,
      waitTimeSeconds: 1,
      faults,
    });
    await sqs.send(new SendMessageCommand({ QueueUrl: queue!.url, MessageBody: 'm' }));
    const deadline = Date.now() + 10_000;
    while (!receives.includes('m#2') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const settled = Date.now() + 2500;
    while (Date.now() < settled) await new Promise((r) => setTimeout(r, 50));
    await poller.stop();

    // Handled twice on its first receive, kept; back within a second, handled twice again, deleted.
    expect(receives).toEqual(['m#1', 'm#1', 'm#2', 'm#2']);
  });

  const slowMapping = (queue: { url: string; arn: string }, faults: DeliveryFaults, handleMs: number, receives: string[]) =>
    startEventSourceMapping({
      sqs: emulator.pollerActions,
      queueUrl: queue.url,
      queueArn: queue.arn,
      area: 'inbound',
      invoke: createInvoker({
        inbound: async (event: SQSEvent) => {
          receives.push(...event.Records.map((r) => `${r.body}#${r.attributes.ApproximateReceiveCount}`));
          await new Promise((r) => setTimeout(r, handleMs));
          return {};
        },
      }),
      batchSize: 10,
      concurrency: 2, // a second slot free to receive the record again
      waitTimeSeconds: 1,
      faults,
    });
  const depth = async (url: string) => {
    const out = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: url,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    );
    return (
      Number(out.Attributes?.ApproximateNumberOfMessages) + Number(out.Attributes?.ApproximateNumberOfMessagesNotVisible)
    );
  };

  it('never receives a batch again while it is handled, however slow (the everything-at-once dead letters)', async () => {
    // Regression: receives used the faults' short visibility timeout, so a batch slower than it was
    // received again every second while still being handled, each receive counting towards
    // maxReceiveCount, until the record was dead-lettered although it was being handled.
    const [queue] = [
      ...(
        await createQueues(emulator.endpoint, [
          { name: 'slow-batch', fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 3 },
        ])
      ).values(),
    ];
    const receives: string[] = [];
    const poller = slowMapping(queue!, { visibilityTimeoutSeconds: 1 }, 4500, receives);
    await sqs.send(new SendMessageCommand({ QueueUrl: queue!.url, MessageBody: 'slow' }));
    const deadline = Date.now() + 10_000;
    while ((await depth(queue!.url)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await poller.stop();

    expect(receives).toEqual(['slow#1']);
    expect(await depth(queue!.deadLetterUrl)).toBe(0);
  });

  it('expireShare: a record is received again while still handled, once, then deleted', async () => {
    const [queue] = [
      ...(
        await createQueues(emulator.endpoint, [
          { name: 'expiring', fifo: false, visibilityTimeoutSeconds: 30, maxReceiveCount: 5 },
        ])
      ).values(),
    ];
    const expired: number[] = [];
    const faults: DeliveryFaults = {
      expireShare: 1,
      visibilityTimeoutSeconds: 1,
      onFault: (fault, _area, n) => void (fault === 'expired' && expired.push(n)),
    };
    const receives: string[] = [];
    const poller = slowMapping(queue!, faults, 1500, receives);
    await sqs.send(new SendMessageCommand({ QueueUrl: queue!.url, MessageBody: 'e' }));
    const deadline = Date.now() + 10_000;
    while ((receives.length < 2 || (await depth(queue!.url)) > 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await poller.stop();

    expect(receives).toEqual(['e#1', 'e#2']);
    expect(expired).toEqual([1]);
    expect(await depth(queue!.url)).toBe(0);
    expect(await depth(queue!.deadLetterUrl)).toBe(0);
  });
});
