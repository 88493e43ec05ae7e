/**
 * THE seam after a channel message is stored. Today it only tells the company's consoles; the ticket
 * workspace issue plugs in here (find-or-create the ticket, unread counters, queue routing, bots,
 * integrations) and sets `message.ticketId` / `queueId`.
 *
 * Contract for whatever is added: it may run MORE THAN ONCE for the same message (an SQS redelivery
 * after a crash between recording and `pipelineDone`), so every step must be idempotent
 * (conditional writes keyed by the message, as the recording itself is).
 */
import type { ChannelMessage } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import type { ContactRecord } from '../../data/contacts';
import type { MessageRecord } from '../../data/messages';
import { publishAppMessage } from '../messages/message-events';

export interface RecordedMessage {
  connection: ConnectionRecord;
  contact: ContactRecord;
  message: MessageRecord;
  /** The message as the channel described it (group participant, quoted id …). */
  channelMessage: ChannelMessage;
  direction: 'received' | 'sent';
}

export async function onMessageRecorded(recorded: RecordedMessage): Promise<void> {
  await publishAppMessage('create', recorded.message, recorded.contact);
}
