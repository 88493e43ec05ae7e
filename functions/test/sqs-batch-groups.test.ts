/** processSqsBatch: different FIFO groups of a batch run side by side; one group stays in order and stops at its first failure. */
import { describe, expect, it } from 'vitest';
import { processSqsBatch } from '../src/platform/sqs-batch';
import { logger } from '../src/platform/logger';
import { sqsEvent } from './support/local-queues';

logger.setLogLevel('SILENT');

describe('processSqsBatch with FIFO groups', () => {
  it('runs two chats at the same time: each waits for the other to start', async () => {
    let startedA!: () => void;
    let startedB!: () => void;
    const a = new Promise<void>((r) => {
      startedA = r;
    });
    const b = new Promise<void>((r) => {
      startedB = r;
    });
    const deadlock = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('groups ran one after the other')), 5_000),
    );

    const result = await Promise.race([
      deadlock,
      processSqsBatch(
        sqsEvent([
          { body: 'A', groupId: 'conn:a' },
          { body: 'B', groupId: 'conn:b' },
        ]),
        {
          consumer: 'test',
          parse: (body) => body,
          process: async (item) => {
            if (item === 'A') {
              startedA();
              await b;
            } else {
              startedB();
              await a;
            }
          },
        },
      ),
    ]);

    expect(result).toEqual({ batchItemFailures: [] });
  });

  it('keeps one chat in order and holds back its records after a failure, without blocking other chats', async () => {
    const seen: string[] = [];
    const event = sqsEvent([
      { body: 'a1', groupId: 'conn:a', messageId: 'a1' },
      { body: 'b1', groupId: 'conn:b', messageId: 'b1' },
      { body: 'a2', groupId: 'conn:a', messageId: 'a2' },
      { body: 'a3', groupId: 'conn:a', messageId: 'a3' },
      { body: 'b2', groupId: 'conn:b', messageId: 'b2' },
    ]);

    const result = await processSqsBatch(event, {
      consumer: 'test',
      parse: (body) => body,
      process: async (item) => {
        seen.push(item);
        if (item === 'a2') throw new Error('boom');
      },
    });

    expect(seen.filter((x) => x.startsWith('a'))).toEqual(['a1', 'a2']);
    expect(seen.filter((x) => x.startsWith('b'))).toEqual(['b1', 'b2']);
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['a2', 'a3']);
  });
});
