/** Identities and message shapes of the simulated world: fake numbers, LIDs and message ids, and simulated → channel shapes. */
import { createHash, randomBytes } from 'node:crypto';
import type { ChannelContact, ChannelMessage } from '@atende/shared';
import type { SimContact, SimMessage } from './simulator-types';

const digitsFrom = (seed: string, length: number) =>
  BigInt('0x' + createHash('sha256').update(seed).digest('hex').slice(0, 24))
    .toString()
    .padStart(length, '7')
    .slice(0, length);

/** A stable fake number / LID per seed, so the same connection or contact always gets the same ones. */
export const fakeBusinessNumber = (connectionId: string) => `55119${digitsFrom(`business:${connectionId}`, 8)}`;
export const fakeLid = (seed: string) => `${digitsFrom(`lid:${seed}`, 15)}@lid`;
export const newMessageId = () => '3A' + randomBytes(9).toString('hex').toUpperCase();

export const NUMBER_PATTERN = /^\d{10,15}$/;

export function channelContact(contact: SimContact): ChannelContact {
  return contact.lidOnly
    ? { jid: contact.lid, lid: contact.lid, number: contact.number, pushName: contact.name }
    : { jid: `${contact.number}@s.whatsapp.net`, number: contact.number, lid: contact.lid, pushName: contact.name };
}

export function toChannelMessage(contact: SimContact, message: SimMessage): ChannelMessage {
  return {
    externalId: message.id,
    fromMe: message.from === 'business',
    contact: channelContact(contact),
    isGroup: false,
    body: message.text,
    media: message.media
      ? {
          kind: message.media.kind,
          key: message.media.key,
          mimetype: message.media.mimetype,
          fileName: message.media.fileName ?? undefined,
          voiceNote: message.media.voiceNote || undefined,
        }
      : undefined,
    quotedExternalId: message.quotedId ?? undefined,
    timestamp: message.timestamp,
  };
}
