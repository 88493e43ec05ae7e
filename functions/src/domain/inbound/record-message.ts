/** message.received / message.sent: contact, then the message (once per channel id), then the seam. */
import { ulid } from 'ulid';
import type { ChannelEvent, ChannelMessage, MediaRef, MessageMediaType } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { getMessage, insertMessageOnce, markMessagePipelineDone, type MessageRecord } from '../../data/messages';
import { isCompanyMediaKey } from '../../platform/storage';
import { logger } from '../../platform/logger';
import { identityOf } from '../contacts/channel-identity';
import { findOrCreateContact } from '../contacts/find-or-create-contact';
import { onMessageRecorded } from './on-message-recorded';

type MessageEvent = Extract<ChannelEvent, { type: 'message.received' | 'message.sent' }>;

export async function recordChannelMessage(connection: ConnectionRecord, event: MessageEvent): Promise<void> {
  const channelMessage = event.message;
  const contact = await findOrCreateContact(
    connection.companyId,
    identityOf(channelMessage.contact, channelMessage.isGroup),
  );
  const draft = await buildMessage(connection, channelMessage, contact.id);
  const { created, message } = await insertMessageOnce(draft);
  if (!created && message.pipelineDone) {
    logger.debug('duplicate channel message dropped', {
      connectionId: connection.id,
      externalId: channelMessage.externalId,
    });
    return;
  }
  await onMessageRecorded({
    connection,
    contact,
    message,
    channelMessage,
    direction: event.type === 'message.sent' ? 'sent' : 'received',
  });
  await markMessagePipelineDone(message);
}

async function buildMessage(connection: ConnectionRecord, m: ChannelMessage, contactId: string): Promise<MessageRecord> {
  const { companyId, id: connectionId } = connection;
  const media = acceptedMedia(companyId, m.media);
  const quoted = m.quotedExternalId ? await getMessage(companyId, connectionId, m.quotedExternalId) : undefined;
  const participant = m.isGroup && m.participant ? identityOf(m.participant, false) : undefined;
  const now = new Date().toISOString();
  return {
    id: ulid(),
    companyId,
    connectionId,
    contactId,
    externalId: m.externalId,
    body: m.body,
    fromMe: m.fromMe,
    mediaKey: media?.key ?? null,
    mediaType: (media?.kind as MessageMediaType | undefined) ?? null,
    mediaMimetype: media?.mimetype ?? null,
    mediaFileName: media?.fileName ?? null,
    ack: 0,
    read: m.fromMe,
    isDeleted: false,
    editedMessage: null,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          externalId: quoted.externalId,
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
        }
      : null,
    isGroup: m.isGroup,
    participant: participant
      ? { number: participant.number ?? '', name: participant.name ?? participant.number ?? '' }
      : null,
    ticketId: null,
    queueId: null,
    clientMessageId: m.clientMessageId ?? null,
    createdAt: new Date(m.timestamp).toISOString(),
    updatedAt: now,
  };
}

/** Media must live under the company's own S3 prefix; anything else is dropped (and logged), the text kept. */
function acceptedMedia(companyId: string, media: MediaRef | undefined): MediaRef | undefined {
  if (!media) return undefined;
  if (isCompanyMediaKey(companyId, media.key)) return media;
  logger.warn('media key outside the company prefix dropped', { companyId });
  return undefined;
}
