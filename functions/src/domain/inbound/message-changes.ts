/** message.ack / message.edited / message.deleted / message.sendFailed on stored messages. */
import type { ChannelEvent } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { getContact } from '../../data/contacts';
import { editMessageBody, getMessageRef, markMessageDeleted, markMessageSendFailed, raiseMessageAck, type MessageRecord } from '../../data/messages';
import { logger } from '../../platform/logger';
import { publishMessageUpdated } from '../messages/message-events';

type ChangeEvent = Extract<ChannelEvent, { type: 'message.ack' | 'message.edited' | 'message.deleted' | 'message.sendFailed' }>;

/**
 * Each update is conditional (a failed send is marked once) (ack only rises; an edit or delete already applied is a no-op), so
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
    case 'message.sendFailed': {
      // clientMessageId is the API id of the message recorded before the send (outbound-message.ts).
      logger.warn('outbound send failed', { companyId, connectionId, clientMessageId: event.clientMessageId, error: event.error });
      const ref = await getMessageRef(companyId, event.clientMessageId);
      changed = ref && ref.connectionId === connectionId ? await markMessageSendFailed(companyId, connectionId, ref.externalId) : undefined;
      break;
    }
  }
  if (!changed) return;
  const contact = await getContact(companyId, changed.contactId);
  if (contact) await publishMessageUpdated(changed, contact);
}
