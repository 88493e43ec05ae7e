import type { MessageDto } from '@atende/shared';
import type { MessageRecord } from '../../data/messages';
import { mediaDownloadUrl } from '../../platform/storage';

export async function toMessageDto(m: MessageRecord): Promise<MessageDto> {
  return {
    id: m.id,
    connectionId: m.connectionId,
    contactId: m.contactId,
    externalId: m.externalId,
    body: m.body,
    fromMe: m.fromMe,
    mediaUrl: await mediaDownloadUrl(m.mediaKey, { mimetype: m.mediaMimetype, fileName: m.mediaFileName }),
    mediaName: m.mediaFileName ?? null,
    mediaType: m.mediaType ?? null,
    ack: m.ack ?? 0,
    read: m.read === true,
    isDeleted: m.isDeleted === true,
    editedMessage: m.editedMessage ?? null,
    quotedMsg: m.quotedMsg ?? null,
    isGroup: m.isGroup === true,
    participant: m.participant ?? null,
    ticketId: m.ticketId ?? null,
    queueId: m.queueId ?? null,
    sendFailure: m.sendFailure ?? null,
    mediaFailure: m.mediaFailure ?? null,
    ...(m.reactions ? { reactions: m.reactions } : {}),
    ...(m.notice ? { notice: m.notice } : {}),
    userId: m.userId ?? null,
    sendFailed: m.sendFailed === true,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}
