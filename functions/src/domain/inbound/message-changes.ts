/** message.ack / message.edited / message.deleted / message.sendFailed on stored messages. */
import type { ChannelEvent } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { editMessageBody, markMessageDeleted, raiseMessageAck, type MessageRecord } from '../../data/messages';
import { logger } from '../../platform/logger';
import { publishAppMessage } from '../messages/message-events';

type ChangeEvent = Extract<ChannelEvent, { type: 'message.ack' | 'message.edited' | 'message.deleted' | 'message.sendFailed' }>;

/**
 * Each update is conditional (ack only rises; an edit or delete already applied is a no-op), so
 * redeliveries change nothing and publish nothing. Changes to messages never recorded are ignored.
 */
export async function applyMessageChange(connection: ConnectionRecord, event: ChangeEvent): Promise<void> {
  const { companyId, id: connectionId } = connection;
  let changed: MessageRecord | undefined;
  switch (event.type) {
    case 'message.ack':
      changed = await raiseMessageAck(companyId, connectionId, event.externalId, event.ack);
      break;
    case 'message.edited':
      changed = await editMessageBody(companyId, connectionId, event.externalId, event.body);
      break;
    case 'message.deleted':
      changed = await markMessageDeleted(companyId, connectionId, event.externalId);
      break;
    case 'message.sendFailed':
      // Outbound sends (and their pending messages) arrive with the ticket workspace issue.
      logger.warn('outbound send failed', { companyId, connectionId, clientMessageId: event.clientMessageId, error: event.error });
      return;
  }
  if (!changed) return;
  const contact = await getContact(companyId, changed.contactId);
  if (contact) await publishAppMessage('update', changed, contact);
}
