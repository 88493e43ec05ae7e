/**
 * `POST /api/messages/send` (spec part 3 §7 "External send API"; issue 27 item 4). In order: the
 * request's size (413), the connection's token (401; the company is the token's, never the body's),
 * the token's rate limit (429 with Retry-After), the body (400), the `Idempotency-Key` (the first
 * answer again, or 422 when the key came with another body), then the send: the contact found or
 * created by number, the conversation found or started on the token's connection as a scheduled
 * message's is (find-or-create-ticket.ts), and each part through the outbound queue
 * (outbound-message.ts), text first, then one message per file.
 *
 * A retry never sends twice: the outbound command ids come from the idempotency key (or, without one,
 * from a fresh id), and `sendOutboundPart` records and queues a command id once. So a retry arriving
 * while the first request still runs, or after it failed midway, finishes the same send.
 * Whether the number has WhatsApp is checked by the session host when it sends (number-resolver.ts):
 * a number without an account fails there, and the message shows as failed in the ticket.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  EXTERNAL_SEND_RATE_LIMIT,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_TTL_SECONDS,
  mediaKindOf,
  type ExternalSendAnswer,
} from '@atende/shared';
import { ulid } from '@atende/shared/ids';
import type { ConnectionRecord } from '../../data/connections';
import { claimIdempotencyKey, saveIdempotentAnswer } from '../../data/idempotency-keys';
import { recordFailure } from '../../data/rate-limits';
import { AppError } from '../../platform/app-error';
import { headerValue } from '../../platform/jwt';
import { outboundMediaKey, writeObject } from '../../platform/storage';
import { findOrCreateContact } from '../contacts/find-or-create-contact';
import { sendOutboundPart } from '../messages/outbound-message';
import { findOrCreateTicket } from '../tickets/find-or-create-ticket';
import { noTicketHooks } from '../tickets/ticket-hooks';
import { connectionOfToken } from './api-token';
import { readSendRequest, type SendRequest } from './send-request';

const RATE_SCOPE = 'EXTAPI';
const KEY_SHAPE = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

export interface ExternalSendResult {
  answer: ExternalSendAnswer;
  /** True when the answer is the one given to an earlier request with the same key. */
  replayed: boolean;
}

export async function externalSend(
  event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded' | 'headers'>,
): Promise<ExternalSendResult> {
  const connection = await connectionOfToken(event.headers);
  const key = idempotencyKeyOf(event.headers);
  await countCall(connection);
  const request = await readSendRequest(event);
  if (!key) return { answer: await send(connection, request, `api:${connection.id}:${ulid()}`), replayed: false };

  const held = await claimIdempotencyKey<ExternalSendAnswer>(
    connection.companyId,
    connection.id,
    key,
    request.requestHash,
    IDEMPOTENCY_KEY_TTL_SECONDS,
  );
  if (held && held.requestHash !== request.requestHash) throw new AppError('ERR_IDEMPOTENCY_KEY_REUSED', 422);
  if (held?.answer) return { answer: held.answer, replayed: true };
  const keyHash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  const answer = await send(connection, request, `api:${connection.id}:${keyHash}`);
  await saveIdempotentAnswer(connection.companyId, connection.id, key, answer);
  return { answer, replayed: false };
}

function idempotencyKeyOf(headers: APIGatewayProxyEvent['headers'] | null): string | undefined {
  const key = headerValue(headers, 'idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (!KEY_SHAPE.test(key))
    throw new AppError('ERR_VALIDATION', 400, { fields: { 'Idempotency-Key': 'validation.invalid' } });
  return key;
}

/** One call of the token's fixed window; over the limit, 429 with the seconds until the window closes. */
async function countCall(connection: ConnectionRecord): Promise<void> {
  const window = await recordFailure(RATE_SCOPE, connection.id, EXTERNAL_SEND_RATE_LIMIT.windowSeconds);
  if (window.count <= EXTERNAL_SEND_RATE_LIMIT.requests) return;
  const retryAfter = Math.max(1, window.windowEndsAt - Math.floor(Date.now() / 1000));
  throw new AppError('ERR_RATE_LIMITED', 429, { headers: { 'Retry-After': String(retryAfter) } });
}

async function send(connection: ConnectionRecord, request: SendRequest, commandBase: string): Promise<ExternalSendAnswer> {
  const digits = request.number.slice(1);
  const { contact } = await findOrCreateContact(connection.companyId, {
    number: digits,
    lid: null,
    name: null,
    isGroup: false,
  });
  // No hooks: our own text is never taken for the customer's answer to a rating question.
  const { ticket } = await findOrCreateTicket(connection, contact, { fromMe: false }, noTicketHooks);
  const messageIds: string[] = [];
  if (request.text) {
    const message = await sendOutboundPart(ticket, connection, contact, {
      commandId: commandBase,
      text: request.text,
      userId: null,
    });
    messageIds.push(message.id);
  }
  for (const [i, file] of request.files.entries()) {
    const mediaKey = outboundMediaKey(connection.companyId, ticket.id, file.fileName);
    await writeObject(mediaKey, file.bytes, file.mimetype);
    const message = await sendOutboundPart(ticket, connection, contact, {
      commandId: `${commandBase}:${i}`,
      text: '',
      media: {
        kind: mediaKindOf(file.mimetype),
        key: mediaKey,
        mimetype: file.mimetype,
        fileName: file.fileName,
        sizeBytes: file.bytes.length,
      },
      userId: null,
    });
    messageIds.push(message.id);
  }
  return { number: request.number, contactId: contact.id, ticketId: ticket.id, messageIds };
}
