/**
 * SendMessage calls made in the same turn of the event loop leave together, as SendMessageBatch
 * calls (at most 10 entries and 256 KiB each), one `turnBatches` per queue:
 *
 *   const batches = new SqsSendBatches(() => sqsClient());
 *   await batches.send(queueUrl, { MessageBody, MessageGroupId, MessageDeduplicationId });
 *
 * The group forms over one turn (`setImmediate`), so nobody waits on a timer: alone, an entry leaves
 * on the next turn; under load, the records of a batch publishing side by side share calls. Each
 * caller's promise settles with ITS entry (a failed entry rejects only its caller, who retries as
 * before). FIFO order: entries of one turn keep their call order, and the chunks of one turn are sent
 * one after the other; a caller who awaits each send (one group's chain) never has two in a batch.
 */
import { SendMessageBatchCommand, type SendMessageBatchRequestEntry, type SQSClient } from '@aws-sdk/client-sqs';
import { turnBatches } from '../data/turn-batches';

export type SqsEntry = Omit<SendMessageBatchRequestEntry, 'Id'>;

const MAX_ENTRIES = 10;
const MAX_BYTES = 256 * 1024;

export class SqsSendBatches {
  private readonly queues = new Map<string, (entry: SqsEntry) => Promise<void>>();

  constructor(private readonly sqs: () => SQSClient) {}

  send(queueUrl: string, entry: SqsEntry): Promise<void> {
    let send = this.queues.get(queueUrl);
    if (!send) {
      send = turnBatches<SqsEntry, void>((entries) => this.sendTogether(queueUrl, entries));
      this.queues.set(queueUrl, send);
    }
    return send(entry);
  }

  private async sendTogether(queueUrl: string, entries: readonly SqsEntry[]): Promise<(void | Error)[]> {
    const results: (void | Error)[] = entries.map(() => undefined);
    for (const chunk of chunksOf(entries)) {
      try {
        const out = await this.sqs().send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: chunk.map((index) => ({ ...entries[index]!, Id: String(index) })),
          }),
        );
        for (const failed of out.Failed ?? [])
          results[Number(failed.Id)] = new Error(`SendMessageBatch entry failed: ${failed.Code} ${failed.Message ?? ''}`);
      } catch (err) {
        for (const index of chunk) results[index] = err instanceof Error ? err : new Error(String(err));
      }
    }
    return results;
  }
}

/** Entry indexes in call order, cut at 10 entries or 256 KiB of bodies. */
function chunksOf(entries: readonly SqsEntry[]): number[][] {
  const chunks: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  entries.forEach((entry, index) => {
    const size = Buffer.byteLength(entry.MessageBody ?? '');
    if (current.length && (current.length === MAX_ENTRIES || bytes + size > MAX_BYTES)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(index);
    bytes += size;
  });
  if (current.length) chunks.push(current);
  return chunks;
}
