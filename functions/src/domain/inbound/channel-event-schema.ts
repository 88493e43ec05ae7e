/**
 * Runtime check of what arrives on the inbound queue (the ChannelEvent contract of
 * shared/src/channel.ts). A record that does not parse is a bug upstream: it goes to the DLQ.
 */
import * as z from 'zod';
import { CONNECTION_STATUSES, type ChannelEvent } from '@atende/shared';

const id = z.string().min(1).max(200);
const text = (max: number) => z.string().max(max);

const base = { eventId: id, companyId: z.string().min(1).max(64), connectionId: z.string().min(1).max(64), occurredAt: z.iso.datetime({ offset: true }) };

const contact = z.object({
  jid: id, number: text(40).optional(), lid: text(200).optional(), name: text(200).optional(), pushName: text(200).optional(),
});

const media = z.object({
  kind: z.enum(['image', 'audio', 'video', 'document', 'sticker']),
  key: text(1024).min(1), mimetype: text(200), fileName: text(300).optional(),
  voiceNote: z.boolean().optional(), sizeBytes: z.number().int().nonnegative().optional(),
});

const message = z.object({
  externalId: id, fromMe: z.boolean(), contact, participant: contact.optional(), isGroup: z.boolean(),
  body: text(65_536), media: media.optional(), quotedExternalId: id.optional(),
  timestamp: z.iso.datetime({ offset: true }), clientMessageId: id.optional(),
});

export const channelEventSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('connection.qr'), qr: text(4096).min(1), attempt: z.number().int().nonnegative() }),
  z.object({ ...base, type: z.literal('connection.pairingCode'), code: text(64).min(1) }),
  z.object({
    ...base, type: z.literal('connection.status'), status: z.enum(CONNECTION_STATUSES),
    number: text(40).optional(), reason: text(500).optional(), loggedOut: z.boolean().optional(),
  }),
  z.object({ ...base, type: z.literal('message.received'), message }),
  z.object({ ...base, type: z.literal('message.sent'), message }),
  z.object({ ...base, type: z.literal('message.sendFailed'), clientMessageId: id, error: text(2000) }),
  z.object({ ...base, type: z.literal('message.ack'), externalId: id, ack: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
  z.object({ ...base, type: z.literal('message.edited'), externalId: id, body: text(65_536) }),
  z.object({ ...base, type: z.literal('message.deleted'), externalId: id }),
  z.object({ ...base, type: z.literal('contact.updated'), contact, profilePicUrl: text(2048).optional() }),
]);

// Compile-time guard: the schema may not accept anything the contract does not describe.
type Parsed = z.infer<typeof channelEventSchema>;
const _contractCheck: (event: Parsed) => ChannelEvent = (event) => event;
void _contractCheck;

/** Parses one queue body; throws on anything that is not a ChannelEvent. */
export function parseChannelEvent(body: string): ChannelEvent {
  return channelEventSchema.parse(JSON.parse(body));
}
