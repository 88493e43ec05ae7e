/** Inbound worker: channel events from the session hosts (inbound FIFO queue, group = the chat; connection state events: the connection). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseChannelEvent } from '../../domain/inbound/channel-event-schema';
import { handleChannelEvent } from '../../domain/inbound/handle-channel-event';
import { readAheadInbound } from '../../domain/inbound/read-ahead-batch';
import { withReadAhead } from '../../data/read-ahead';
import { processSqsBatch } from '../../platform/sqs-batch';
import { visibilityBackoff, withRetryBackoff } from '../../platform/sqs-retry-backoff';
import { ticketBots } from '../../domain/bots/bot-runtime';

async function handleBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const ahead = await readAheadInbound(event.Records);
  return processSqsBatch(event, {
    consumer: 'inbound',
    parse: (body, record) => ahead.events.get(record.messageId) ?? parseChannelEvent(body),
    process: (channelEvent, record) => {
      const items = ahead.items.get(record.messageId);
      // The composition root: the menu bot, automatic messages and rating answer inbound messages.
      const handle = () => handleChannelEvent(channelEvent, ticketBots);
      return items ? withReadAhead(items, handle) : handle();
    },
  });
}

/** A failed record (and its chat behind it) is retried in seconds, not after the queue's timeout. */
export const handler = withRetryBackoff(handleBatch, visibilityBackoff);
