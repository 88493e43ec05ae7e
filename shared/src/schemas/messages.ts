/**
 * Messages of a ticket (spec part 1 §3 "Message", "Message send payload", §4 ack icons, §5 "Sending a
 * message", §9 attachments). Media never travels through the API: the console asks for presigned
 * PUTs (`POST /messages/{ticketId}/uploads`), uploads straight to S3, then sends the keys.
 */
import * as z from '../zod';
import { cursorSchema, idSchema, pageNumberSchema } from './common';
import { attachmentFileSchema, attachmentNameSchema, mimetypeSchema } from './attachments';
import { MAX_MEDIA_FILES, MESSAGE_MSG, noDuplicateNames } from './attachment-rules';
import type { ChannelNotice } from '../channel';
import type { TicketDto } from './tickets';

export type MessageMediaType = 'image' | 'audio' | 'video' | 'document' | 'sticker' | 'locationMessage' | 'contactMessage';

/** POST /messages/{ticketId}/uploads: what the browser is about to upload. */
export const requestUploadsSchema = z.object({
  files: z
    .array(attachmentFileSchema)
    .check(
      z.minLength(1),
      z.maxLength(MAX_MEDIA_FILES, MESSAGE_MSG.tooMany),
      z.refine(noDuplicateNames, MESSAGE_MSG.duplicateName),
    ),
});
export type RequestUploadsInput = z.infer<typeof requestUploadsSchema>;

/** One presigned PUT: upload `file` to `url` with exactly these `headers` within `expiresInSeconds`. */
export interface UploadTicket {
  key: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  fileName: string;
  mimetype: string;
  expiresInSeconds: number;
}
export interface RequestUploadsAnswer {
  uploads: UploadTicket[];
}

/** An uploaded file the send refers to (the `key` an upload ticket gave). */
const sentMediaSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(512)),
  fileName: attachmentNameSchema,
  mimetype: mimetypeSchema,
  /** Audio recorded in the console goes out as a voice note. */
  voiceNote: z.optional(z.boolean()),
});

/**
 * POST /messages/{ticketId}. `body` may be empty only with media (each medium carries the body as
 * caption, the first one only). `quotedMsg` is the quoted message (object with `id`, or its id).
 * `signature`: sign with the operator's name (forced for non-admins by userAlwaysSubmitSignature).
 * `read`, `fromMe` and `mediaUrl` are accepted for compatibility with the spec's payload and ignored.
 */
export const sendMessageSchema = z
  .object({
    body: z._default(z.string().check(z.maxLength(4096)), ''),
    quotedMsg: z.optional(
      z.nullable(
        z.pipe(
          z.union([idSchema, z.object({ id: idSchema })]),
          z.transform((v: string | { id: string }) => (typeof v === 'string' ? v : v.id)),
        ),
      ),
    ),
    signature: z.optional(z.boolean()),
    medias: z._default(
      z
        .array(sentMediaSchema)
        .check(z.maxLength(MAX_MEDIA_FILES, MESSAGE_MSG.tooMany), z.refine(noDuplicateNames, MESSAGE_MSG.duplicateName)),
      [],
    ),
    selectedOptionId: z.optional(z.string().check(z.maxLength(200))),
    /** Idempotency key chosen by the console: the same send retried (a lost answer) is recorded and sent once. */
    clientMessageId: z.optional(z.string().check(z.regex(/^[\w-]{8,64}$/))),
    read: z.optional(z.boolean()),
    fromMe: z.optional(z.boolean()),
    mediaUrl: z.optional(z.string().check(z.maxLength(2048))),
  })
  .check(
    z.refine((m) => m.body.trim().length > 0 || m.medias.length > 0, { message: MESSAGE_MSG.emptyBody, path: ['body'] }),
  );
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** GET /messages/{ticketId}: newest page first; `cursor` (preferred) or `pageNumber` for older pages. */
export const listMessagesQuerySchema = z.object({ pageNumber: pageNumberSchema, cursor: cursorSchema });
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

export const ticketIdParamsSchema = z.object({ ticketId: idSchema });
export const messageIdParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------- answers and realtime payloads

export interface QuotedMessageDto {
  id: string;
  externalId: string;
  body: string;
  fromMe: boolean;
  mediaType: MessageMediaType | null;
}

export interface MessageDto {
  id: string;
  connectionId: string;
  contactId: string;
  /** The channel's message id. */
  externalId: string;
  body: string;
  fromMe: boolean;
  /** Short-lived download URL (presigned, `attachment` disposition except for image/audio/video) or null. */
  mediaUrl: string | null;
  mediaType: MessageMediaType | null;
  /** Original file name of a document, when known. */
  mediaName?: string | null;
  /** 0 pending/sent, 1 sent to the server, 2 delivered, 3 read, 4 played/read (coloured icon). */
  ack: number;
  read: boolean;
  isDeleted: boolean;
  /** The text before the last edit; null when never edited. */
  editedMessage: string | null;
  quotedMsg: QuotedMessageDto | null;
  isGroup: boolean;
  /** Sender inside a group. */
  participant: { number: string; name: string } | null;
  ticketId: string | null;
  queueId: string | null;
  /** The operator who sent it from the console (own-message rule of DELETE /messages/{id}); null otherwise. */
  userId?: string | null;
  /** The channel refused the send (message.sendFailed). */
  sendFailed?: boolean;
  /** Why WhatsApp refused it (a SendFailureReason of channel.ts), when it said. */
  sendFailure?: string | null;
  /** The file of an inbound message will not come: too-large (with the sizes) or download-failed. */
  mediaFailure?: { reason: string; sizeBytes?: number; limitBytes?: number } | null;
  /** Emoji by reactor ('me' = the business's phone). */
  reactions?: Record<string, string>;
  /** Not a message a person wrote: an unsupported WhatsApp type or a missed call (channel.ts `ChannelNotice`). */
  notice?: ChannelNotice | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /messages/{ticketId}: `messages` oldest → newest within the page; `cursor` fetches the older page. */
export interface MessageListAnswer {
  messages: MessageDto[];
  ticket: TicketDto;
  count: number;
  hasMore: boolean;
  cursor?: string;
}

// `company-<cid>-appMessage` payloads: AppMessageRealtimeData in realtime.ts.
