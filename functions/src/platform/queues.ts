/**
 * The functions' side of the queues: outbound commands to a session-host shard, and delayed jobs
 * to the dispatch queue. Queue URLs come from `QUEUE_URL_<NAME>` (manifest `queueUrlEnv`);
 * `SQS_ENDPOINT` points the client at the local emulator.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { toQueueBody, type ChannelEvent, type OutboundCommand } from '@atende/shared';
import { withoutSdkLogger } from '../data/sdk-client';
import { localClientOptions } from './aws-clients';
import { deduplicationId } from '../shared-surface/channel-event-ids';
// not the manifest: its route table would come into every bundle that sends to a queue
import { laneOf, outboundQueueName, queueUrlEnv, sessionLaneCount, sessionShardCount } from '../shared-surface/queue-names';

let client: SQSClient | undefined;

/**
 * The one SQS client of the process (the realtime publisher sends with it too). Nothing changes its
 * middleware after the first send, so the resolved stack is cached per command (a per-call cost on
 * every inbound message; not possible for the DynamoDB document client, which refuses the option).
 */
export function sqsClient(): SQSClient {
  client ??= withoutSdkLogger(new SQSClient({ ...localClientOptions(process.env.SQS_ENDPOINT), cacheMiddleware: true }));
  return client;
}

/** Tests move SQS_ENDPOINT between emulators; this drops the cached client. */
export function resetQueueClient(): void {
  client = undefined;
}

export function queueUrl(name: string): string {
  const url = process.env[queueUrlEnv(name)];
  if (!url) throw new Error(`${queueUrlEnv(name)} is not set`);
  return url;
}

/**
 * FIFO per connection (MessageGroupId = connectionId) so a connection's commands run in order;
 * MessageDeduplicationId = commandId so a retried send within 5 minutes is dropped by SQS itself
 * (the session host also dedups by commandId for later redeliveries).
 */
export async function sendOutboundCommand(shard: number, command: OutboundCommand): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl(outboundQueueFor(shard, command.connectionId)),
      MessageBody: toQueueBody(command),
      MessageGroupId: command.connectionId,
      MessageDeduplicationId: command.commandId,
    }),
  );
}

/**
 * The outbound queue of a connection's commands. A fleet with lanes (`SESSION_LANES` > 1,
 * docs/deploy.md "Lanes") sends to the connection's lane, read only by that lane's hosts; the
 * connection's shard then plays no part. Otherwise its shard's queue; a connection pinned to a shard
 * the stage no longer has (a shard deployment moved to the fleet, "From shards to the fleet") is
 * served on shard 0's queue, which every fleet host reads.
 */
export function outboundQueueFor(shard: number, connectionId: string): string {
  const lanes = sessionLaneCount();
  if (lanes > 1) return outboundQueueName(laneOf(connectionId, lanes));
  return outboundQueueName(shard < sessionShardCount() ? shard : 0);
}

/**
 * A channel event on the inbound queue, as the session host publishes it: FIFO per connection, dedup
 * id from the event id (used by the hostwatch area to report a dead shard's sessions).
 */
export async function sendChannelEvent(event: ChannelEvent): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl('inbound'),
      MessageBody: toQueueBody(event),
      MessageGroupId: event.connectionId,
      MessageDeduplicationId: deduplicationId(event.eventId),
    }),
  );
}

/** SQS caps DelaySeconds at 15 minutes. */
export const MAX_DELAY_SECONDS = 900;

/** Standard queue; `delaySeconds` gives second precision inside the tick's minute. */
export async function sendToDispatch(body: unknown, delaySeconds = 0): Promise<void> {
  await sqsClient().send(
    new SendMessageCommand({
      QueueUrl: queueUrl('dispatch'),
      MessageBody: toQueueBody(body),
      DelaySeconds: Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.round(delaySeconds))),
    }),
  );
}
