/**
 * What the simulated WhatsApp server decides, as the real one would seen through Baileys: pairing
 * codes, a restricted account refusing sends (error 463), customer files stored or over the host's limit.
 */
import { randomBytes } from 'node:crypto';
import type { ChannelMessage } from '@atende/shared';
import type { ChannelEventBody } from '../channel-adapter';
import { mediaKindFor, type MediaStore } from '../../media/media-store';
import type { SimMedia } from './simulator-types';

const codeHalf = () => randomBytes(4).toString('hex').toUpperCase().slice(0, 4);

/** An 8-character code shown as `XXXX-XXXX`, like the phone's "link with phone number". */
export const newPairingCode = () => `${codeHalf()}-${codeHalf()}`;

export const pairingCodeMatches = (expected: string, typed: string) =>
  typed.replace(/[^A-Z0-9]/gi, '').toUpperCase() === expected.replace('-', '');

/**
 * Whether a number has a WhatsApp account, as the simulated server answers a number check
 * (`numbers.check`) and a send: every number does, except those whose digits end in `0000` and are
 * not one of the connection's simulated customers (docs/simulator-api.md "Which numbers are on WhatsApp").
 */
export const simulatedAccountExists = (number: string): boolean => !number.replace(/\D/g, '').endsWith('0000');

/** The error ack WhatsApp answers a restricted account's send with (Baileys: status ERROR, code 463). */
export const restrictedRefusal = (externalId: string): ChannelEventBody => ({
  type: 'message.sendFailed',
  externalId,
  reason: 'account-restricted',
  error: 'WhatsApp restricted this account from starting new chats (463)',
});

/** A message over the host's file limit reaches the device without its file. */
export function withoutFile(received: ChannelMessage): ChannelMessage {
  const { media: _withheld, ...rest } = received;
  return rest;
}

/** A customer file over the host's limit: the message without it, then why it will not come (as the Baileys adapter reports). */
export function tooLargeEvents(
  received: ChannelMessage,
  sizeBytes: number,
  limitBytes: number,
): [ChannelEventBody, ChannelEventBody] {
  return [
    { type: 'message.received', message: withoutFile(received) },
    { type: 'message.media', externalId: received.externalId, failure: { reason: 'too-large', sizeBytes, limitBytes } },
  ];
}

export interface CustomerMediaInput {
  fileName?: string;
  mimetype: string;
  base64: string;
  voiceNote?: boolean;
}

/** Stores a customer's file in S3 as WhatsApp's CDN would hold it; `null` input errors are the caller's. */
export async function storeCustomerMedia(
  media: MediaStore,
  owner: { companyId: string; connectionId: string },
  input: CustomerMediaInput,
): Promise<SimMedia | 'missing' | 'empty'> {
  if (!input.mimetype || !input.base64) return 'missing';
  const body = Buffer.from(input.base64, 'base64');
  if (body.length === 0) return 'empty';
  const stored = await media.put({ ...owner, fileName: input.fileName, mimetype: input.mimetype, body });
  const kind = mediaKindFor(input.mimetype);
  return {
    kind,
    mimetype: input.mimetype,
    fileName: input.fileName ?? null,
    voiceNote: kind === 'audio' && Boolean(input.voiceNote),
    key: stored.key,
  };
}
