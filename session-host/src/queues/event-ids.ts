/**
 * Event ids are the inbound queue's dedup ids and the inbound worker's idempotency keys. Where the
 * channel gives ids they are derived from them, so the same fact re-emitted after a reconnect or a
 * host restart (WhatsApp re-delivers offline messages and receipts) is recognised as a repeat.
 * Status and QR events are facts of the moment and get unique ids (a QR may be shown again on request).
 */
import { createHash } from 'node:crypto';
import { ulid } from '@atende/shared/ids';
import type { ChannelEventBody } from '../adapters/channel-adapter';

// Shared with whoever reports a dead shard on the host's behalf (the hostwatch Lambda).
export { deduplicationId, statusEventId } from '@atende/functions/shared-surface';

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 16);

export function eventIdFor(connectionId: string, body: ChannelEventBody): string {
  switch (body.type) {
    case 'message.received':
    case 'message.sent':
      return `msg:${connectionId}:${body.message.externalId}`;
    case 'message.ack':
      return `ack:${connectionId}:${body.externalId}:${body.ack}`;
    case 'message.edited':
      return `edit:${connectionId}:${body.externalId}:${hash(body.body)}`;
    case 'message.deleted':
      return `del:${connectionId}:${body.externalId}`;
    case 'message.sendFailed':
      return `sendFailed:${connectionId}:${body.externalId ?? body.clientMessageId}`;
    case 'message.media':
      return `media:${connectionId}:${body.externalId}`;
    case 'message.reaction':
      return `reaction:${connectionId}:${body.externalId}:${hash(JSON.stringify([body.fromMe, body.from?.jid ?? null, body.emoji]))}`;
    case 'contact.updated':
      return `contact:${connectionId}:${body.contact.jid}:${hash(JSON.stringify([body.contact, body.profilePicUrl ?? null]))}`;
    case 'connection.pairingCode':
      return `pairing:${connectionId}:${body.code}`;
    case 'call.received':
      return `call:${connectionId}:${body.callId}`;
    case 'numbers.checked':
      return `numbers:${connectionId}:${body.requestId}`;
  }
}

export const qrEventId = (connectionId: string) => `qr:${connectionId}:${ulid()}`;
