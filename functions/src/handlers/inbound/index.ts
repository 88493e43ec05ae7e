/** Inbound worker: channel events from the session hosts (inbound FIFO queue, group = connection). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseChannelEvent } from '../../domain/inbound/channel-event-schema';
import { handleChannelEvent } from '../../domain/inbound/handle-channel-event';
import { processSqsBatch } from '../../platform/sqs-batch';
import { installTicketBots } from '../../domain/bots/bot-runtime';

// The menu bot, automatic messages and rating answer inbound messages and resolves.
installTicketBots();

export const handler = (event: SQSEvent): Promise<SQSBatchResponse> =>
  processSqsBatch(event, { consumer: 'inbound', parse: parseChannelEvent, process: handleChannelEvent });
