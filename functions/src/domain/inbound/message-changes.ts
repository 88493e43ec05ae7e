/** message.ack / edited / deleted / sendFailed / media / reaction on stored messages (and failed campaign sends). */
import type { ChannelEvent, MessageMediaType } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { contactKey, getContact } from '../../data/contacts';
import {
  attachMessageMedia,
  editMessageBody,
  getMessage,
  getMessageRef,
  markMessageDeleted,
  markMessageMediaFailed,
  markMessageSendFailed,
  raiseMessageAck,
  setMessageReaction,
  type MessageRecord,
} from '../../data/messages';
import { readAhead, withReadAhead } from '../../data/read-ahead';
import { ticketKey } from '../../data/tickets';
import { isCompanyMediaKey } from '../../platform/storage';
import { logger } from '../../platform/logger';
import { publishMessageUpdated } from '../messages/message-events';
import { campaignSendFailed } from '../campaign-sending/send-failures';
import { isCampaignCommand } from '../campaign-sending/send-shipping';

type ChangeEvent = Extract<
  ChannelEvent,
  {
    type: 'message.ack' | 'message.edited' | 'message.deleted' | 'message.sendFailed' | 'message.media' | 'message.reaction';
  }
>;

/**
 * Each update is conditional (a failed send is marked once) (ack only rises; an edit or delete already applied is a no-op), so
 * redeliveries change nothing and publish nothing. Changes to messages never recorded are ignored,
 * except a file: its message may simply not be recorded YET (`MessageNotRecordedYetError`).
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
      logger.warn('outbound send failed', {
        companyId,
        connectionId,
        clientMessageId: event.clientMessageId,
        externalId: event.externalId,
        error: event.error,
      });
      // A campaign's send: its shipping fails (no message was recorded for it).
      if (isCampaignCommand(event.clientMessageId))
        return campaignSendFailed(companyId, connectionId, event.clientMessageId!, event.reason ?? 'rejected');
      // Refused after WhatsApp took it: known by its WhatsApp id. Refused before sending (a format the
      // host cannot convert, a number not on WhatsApp): known by the API id recorded before the send.
      const ref = event.externalId
        ? { connectionId, externalId: event.externalId }
        : event.clientMessageId
          ? await getMessageRef(companyId, event.clientMessageId)
          : undefined;
      changed =
        ref && ref.connectionId === connectionId
          ? await markMessageSendFailed(companyId, connectionId, ref.externalId, event.reason ?? 'rejected')
          : undefined;
      break;
    }
    case 'message.media':
      changed = await applyMediaEvent(companyId, connectionId, event);
      break;
    case 'message.reaction': {
      const reactor = event.fromMe ? 'me' : (event.from?.number ?? event.from?.jid ?? 'contact');
      changed = await setMessageReaction(companyId, connectionId, event.externalId, reactor, event.emoji);
      break;
    }
  }
  if (!changed) return;
  await publishChange(changed);
}

/**
 * Tells the consoles: the event names the message's contact, and its ticket decides the audience.
 * Both are read in one consistent BatchGetItem (served to `getContact` and `getTicket` by the
 * read-ahead), not two GetItem calls: every message we send comes back as three acks.
 */
async function publishChange(changed: MessageRecord): Promise<void> {
  const { companyId } = changed;
  const keys = [
    contactKey(companyId, changed.contactId),
    ...(changed.ticketId ? [ticketKey(companyId, changed.ticketId)] : []),
  ];
  const ahead = (await readAhead(new Map([[changed.id, keys]]))).get(changed.id)!;
  await withReadAhead(ahead, async () => {
    const contact = await getContact(companyId, changed.contactId);
    if (contact) await publishMessageUpdated(changed, contact);
  });
}

/**
 * The file of a message the platform has not recorded (yet): thrown so the queue redelivers the event
 * (bounded by the dead-letter queue), instead of the file being lost for good. The session host puts a
 * file in its message's FIFO group, so this is the rare case (the host restarted between the two).
 */
export class MessageNotRecordedYetError extends Error {
  constructor(externalId: string) {
    super(`the message ${externalId} of this file is not recorded yet; retrying`);
    this.name = 'MessageNotRecordedYetError';
  }
}

async function applyMediaEvent(
  companyId: string,
  connectionId: string,
  event: Extract<ChannelEvent, { type: 'message.media' }>,
): Promise<MessageRecord | undefined> {
  let changed: MessageRecord | undefined;
  if (event.media && isCompanyMediaKey(companyId, event.media.key)) {
    const { key, kind, mimetype, fileName } = event.media;
    changed = await attachMessageMedia(companyId, connectionId, event.externalId, {
      key,
      type: kind as MessageMediaType,
      mimetype,
      fileName: fileName ?? null,
    });
  } else if (event.failure) {
    changed = await markMessageMediaFailed(companyId, connectionId, event.externalId, event.failure);
  } else {
    logger.warn('message.media without an acceptable file or failure dropped', {
      companyId,
      connectionId,
      externalId: event.externalId,
    });
    return undefined;
  }
  // Nothing changed: a redelivery (already applied), or a message not recorded yet (one consistent read tells).
  if (!changed && !(await getMessage(companyId, connectionId, event.externalId)))
    throw new MessageNotRecordedYetError(event.externalId);
  return changed;
}
