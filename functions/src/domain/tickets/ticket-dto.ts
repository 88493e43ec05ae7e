/**
 * Tickets as the API and the realtime events return them. A page is rendered with one BatchGet per
 * related entity (contacts, users, tags) plus the queue and connection references: O(page).
 */
import type { ContactDto, MessageMediaType, TicketDto } from '@atende/shared';
import { getConnection, type ConnectionRecord } from '../../data/connections';
import { getContacts, type ContactRecord } from '../../data/contacts';
import { getQueueRefs, getRecentQueueRefs } from '../../data/queues';
import { getTags } from '../../data/tags';
import type { TicketRecord } from '../../data/tickets';
import { getUsers } from '../../data/users';
import { toContactDto } from '../contacts/contact-dto';

const MEDIA_LABEL: Record<MessageMediaType, string> = {
  image: '📷 Imagem',
  audio: '🎤 Áudio',
  video: '🎥 Vídeo',
  document: '📄 Documento',
  sticker: '🏷️ Figurinha',
  locationMessage: '📍 Localização',
  contactMessage: '👤 Contato',
};

/** What a ticket row shows as its last message: the text, else a label for the media. */
export const lastMessageText = (body: string, mediaType: MessageMediaType | null) =>
  (body.trim() ? body : mediaType ? MEDIA_LABEL[mediaType] : '').slice(0, 255);

const uniq = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

function missingContact(id: string): ContactDto {
  return {
    id,
    name: '',
    number: '',
    lid: null,
    email: '',
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    createdAt: '',
    updatedAt: '',
  };
}

/** Records the caller already holds (the inbound path has the contact and the connection): not read again. */
export interface KnownRecords {
  contact?: ContactRecord;
  connection?: ConnectionRecord;
  /** Queue names and colours may come from the per-process cache (≤ 5 s old): the inbound path's events. */
  recentQueues?: boolean;
}

export async function toTicketDtos(
  companyId: string,
  tickets: TicketRecord[],
  known: KnownRecords = {},
): Promise<TicketDto[]> {
  if (!tickets.length) return [];
  const [contacts, users, queues, tags, connections] = await Promise.all([
    getContacts(
      companyId,
      uniq(tickets.map((t) => t.contactId)).filter((id) => id !== known.contact?.id),
    ),
    getUsers(companyId, uniq(tickets.map((t) => t.userId))),
    (known.recentQueues ? getRecentQueueRefs : getQueueRefs)(companyId, uniq(tickets.map((t) => t.queueId))),
    getTags(companyId, uniq(tickets.flatMap((t) => t.tagIds ?? []))),
    Promise.all(
      uniq(tickets.map((t) => t.connectionId)).map((id) =>
        id === known.connection?.id ? known.connection : getConnection(companyId, id),
      ),
    ),
  ]);
  if (known.contact) contacts.push(known.contact);
  const contactById = new Map(contacts.map((c) => [c.id, toContactDto(c)]));
  const userById = new Map(users.map((u) => [u.id, { id: u.id, name: u.name }]));
  const queueById = new Map(queues.map((q) => [q.id, q]));
  const tagById = new Map(tags.map((t) => [t.id, { id: t.id, name: t.name, color: t.color }]));
  const connectionById = new Map((connections.filter(Boolean) as ConnectionRecord[]).map((c) => [c.id, c]));
  return tickets.map((t) => {
    const connection = connectionById.get(t.connectionId);
    return {
      id: t.id,
      uuid: t.uuid,
      status: t.status,
      contactId: t.contactId,
      contact: contactById.get(t.contactId) ?? missingContact(t.contactId),
      userId: t.userId,
      user: t.userId ? (userById.get(t.userId) ?? null) : null,
      queueId: t.queueId,
      queue: t.queueId ? (queueById.get(t.queueId) ?? null) : null,
      whatsappId: t.connectionId,
      whatsapp: connection ? { id: connection.id, name: connection.name, channel: connection.channel } : null,
      channel: t.channel,
      unreadMessages: Math.max(0, t.unreadMessages ?? 0),
      lastMessage: t.lastMessage ?? '',
      lastMessageAt: t.lastMessageAt ?? null,
      activityVersion: t.activityVersion ?? 0,
      tags: (t.tagIds ?? []).map((id) => tagById.get(id)).filter((x): x is NonNullable<typeof x> => !!x),
      chatbot: t.chatbot === true,
      isGroup: t.isGroup === true,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    };
  });
}

export async function toTicketDto(t: TicketRecord, known?: KnownRecords): Promise<TicketDto> {
  return (await toTicketDtos(t.companyId, [t], known))[0]!;
}
