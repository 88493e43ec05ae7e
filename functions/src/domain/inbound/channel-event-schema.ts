/**
 * Runtime check of what arrives on the inbound queue (the ChannelEvent contract of
 * shared/src/channel.ts). A record that does not parse is a bug upstream: it goes to the DLQ.
 */
import * as z from '@atende/shared/zod';
import {
  CONNECTION_STATUSES,
  MEDIA_FAILURE_REASONS,
  NUMBERS_CHECK_MAX,
  SEND_FAILURE_REASONS,
  type ChannelEvent,
} from '@atende/shared';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const text = (max: number) => z.string().check(z.maxLength(max));
const optionalText = (max: number) => z.optional(text(max));
/** Same checks, in the same order, as `text(max).min(1)`. */
const nonEmptyText = (max: number) => text(max).check(z.minLength(1));
const shortId = z.string().check(z.minLength(1), z.maxLength(64));
const count = z.number().check(z.int(), z.nonnegative());

const base = { eventId: id, companyId: shortId, connectionId: shortId, occurredAt: z.iso.datetime({ offset: true }) };

const contact = z.object({
  jid: id,
  number: optionalText(40),
  lid: optionalText(200),
  name: optionalText(200),
  pushName: optionalText(200),
});

const media = z.object({
  kind: z.enum(['image', 'audio', 'video', 'document', 'sticker']),
  key: nonEmptyText(1024),
  mimetype: text(200),
  fileName: optionalText(300),
  voiceNote: z.optional(z.boolean()),
  sizeBytes: z.optional(count),
});

const message = z.object({
  externalId: id,
  fromMe: z.boolean(),
  contact,
  participant: z.optional(contact),
  isGroup: z.boolean(),
  body: text(65_536),
  media: z.optional(media),
  quotedExternalId: z.optional(id),
  timestamp: z.iso.datetime({ offset: true }),
  clientMessageId: z.optional(id),
  notice: z.optional(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('unsupported'), type: nonEmptyText(100) }),
      z.object({ kind: z.literal('missedCall'), isVideo: z.boolean() }),
    ]),
  ),
});

export const channelEventSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('connection.qr'), qr: nonEmptyText(4096), attempt: count }),
  z.object({ ...base, type: z.literal('connection.pairingCode'), code: nonEmptyText(64) }),
  z.object({
    ...base,
    type: z.literal('connection.status'),
    status: z.enum(CONNECTION_STATUSES),
    number: optionalText(40),
    reason: optionalText(500),
    loggedOut: z.optional(z.boolean()),
  }),
  z.object({ ...base, type: z.literal('message.received'), message }),
  z.object({ ...base, type: z.literal('message.sent'), message }),
  z
    .object({
      ...base,
      type: z.literal('message.sendFailed'),
      clientMessageId: z.optional(id),
      externalId: z.optional(id),
      error: text(2000),
      reason: z.optional(z.enum(SEND_FAILURE_REASONS)),
    })
    .check(z.refine((e) => Boolean(e.clientMessageId || e.externalId), 'clientMessageId or externalId')),
  z.object({
    ...base,
    type: z.literal('message.media'),
    externalId: id,
    media: z.optional(media),
    failure: z.optional(
      z.object({ reason: z.enum(MEDIA_FAILURE_REASONS), sizeBytes: z.optional(count), limitBytes: z.optional(count) }),
    ),
  }),
  z.object({
    ...base,
    type: z.literal('message.reaction'),
    externalId: id,
    emoji: text(64),
    fromMe: z.boolean(),
    from: z.optional(contact),
  }),
  z.object({
    ...base,
    type: z.literal('message.ack'),
    externalId: id,
    ack: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  }),
  z.object({ ...base, type: z.literal('message.edited'), externalId: id, body: text(65_536) }),
  z.object({ ...base, type: z.literal('message.deleted'), externalId: id }),
  z.object({ ...base, type: z.literal('contact.updated'), contact, profilePicUrl: optionalText(2048) }),
  z.object({
    ...base,
    type: z.literal('call.received'),
    callId: id,
    from: contact,
    isVideo: z.boolean(),
    isGroup: z.boolean(),
  }),
  z.object({
    ...base,
    type: z.literal('numbers.checked'),
    requestId: id,
    results: z
      .array(
        z.object({
          number: z.string().check(z.regex(/^\d{8,15}$/)),
          exists: z.boolean(),
          jid: z.optional(id),
        }),
      )
      .check(z.maxLength(NUMBERS_CHECK_MAX)),
  }),
]);

// Compile-time guard: the schema may not accept anything the contract does not describe.
type Parsed = z.infer<typeof channelEventSchema>;
const _contractCheck: (event: Parsed) => ChannelEvent = (event) => event;
void _contractCheck;

/** Parses one queue body; throws on anything that is not a ChannelEvent. */
export function parseChannelEvent(body: string): ChannelEvent {
  return channelEventSchema.parse(JSON.parse(body));
}

/** The session host's echo of a send the platform asked for: it names the command's clientMessageId. */
export const isOwnSendEcho = (event: ChannelEvent): boolean =>
  event.type === 'message.sent' && !!event.message.clientMessageId;
