/**
 * Message entity (spec part 1 §3). The item is keyed by the channel's own message id, so recording
 * the same inbound message twice is one conditional put that fails the second time.
 *
 *   message  PK = C#<cid>#MSG#<connectionId>   SK = <externalId>
 *            GSI2PK = C#<cid>#TICKETMSG#<ticketId>      GSI2SK = <createdAt>#<id>   (a ticket's conversation; set when attached)
 *   ref      PK = C#<cid>#MSGREF#<messageId>      SK = REF   { connectionId, externalId, ticketId?, pipelineDone? }
 *            (message by API id; a channel message's is its pipeline's last write, `pipelineDone: true`)
 *   done     PK = C#<cid>#MSGDONE#<connectionId>  SK = <externalId>   { expiresAt }   (legacy: read, no longer written)
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChannelNotice, MessageMediaType } from '@atende/shared';
import { ddb, tableName } from './client';
import { batchWrite, queryPage, type WriteRequest } from './table-operations';
import { putTogether } from './coalesced-puts';
import { tenantPk } from './keys';
import { isConditionFailed, type LabelledItem } from './transactions';

export interface MessageRecord {
  id: string;
  companyId: string;
  connectionId: string;
  contactId: string;
  externalId: string;
  body: string;
  fromMe: boolean;
  /** S3 key under `C#<cid>/`; the API turns it into a short-lived URL. */
  mediaKey: string | null;
  mediaType: MessageMediaType | null;
  mediaMimetype: string | null;
  mediaFileName: string | null;
  ack: number;
  read: boolean;
  isDeleted: boolean;
  editedMessage: string | null;
  quotedMsg: { id: string; externalId: string; body: string; fromMe: boolean; mediaType: MessageMediaType | null } | null;
  isGroup: boolean;
  participant: { number: string; name: string } | null;
  ticketId: string | null;
  queueId: string | null;
  /** Echo of the id the business side gave an outbound send. */
  clientMessageId: string | null;
  /** The channel's timestamp. */
  createdAt: string;
  updatedAt: string;
  /** WhatsApp refused the send after taking it (`message.sendFailed` with an externalId): the reason code. */
  sendFailure?: string | null;
  /** The file of an inbound message will not come (`message.media` failure): too-large / download-failed. */
  mediaFailure?: { reason: string; sizeBytes?: number; limitBytes?: number } | null;
  /** Reactions by who reacted ('me' = the business's phone, otherwise the contact's number or jid); '' removed. */
  reactions?: Record<string, string>;
  /** The operator who sent it from the console. */
  userId?: string | null;
  /** The channel refused the send. */
  sendFailed?: boolean;
  /** Not a message a person wrote: an unsupported WhatsApp type or a missed call (channel.ts). */
  notice?: ChannelNotice | null;
  /** Set once everything after recording (realtime, later ticket logic) has run: redeliveries stop there. */
  pipelineDone?: boolean;
}

const messageKey = (companyId: string, connectionId: string, externalId: string) => ({
  PK: tenantPk(companyId, 'MSG', connectionId),
  SK: externalId,
});
/**
 * The pipeline-done marker written before round 16 (TTL 15 days), still honoured by
 * `isMessagePipelineDone` for messages recorded by the old code; the read can go once the last
 * marker expired (15 days after the deploy), as no redelivery older than that can come.
 */
const legacyDoneKey = (companyId: string, connectionId: string, externalId: string) => ({
  PK: tenantPk(companyId, 'MSGDONE', connectionId),
  SK: externalId,
});
/** SQS keeps a message at most 14 days: a stored message older than this cannot be redelivered. */
const REDELIVERY_WINDOW_MS = 15 * 24 * 3600 * 1000;

/**
 * Messages sort by their time, then by their id: a monotonic ULID (`monotonicUlid`), so messages
 * that share a timestamp (WhatsApp's has whole seconds; a burst shares it) keep the order they were
 * handled in, which is the chat's FIFO order and the order the consoles saw them arrive live.
 */
export const conversationPosition = (m: Pick<MessageRecord, 'createdAt' | 'id'>) => `${m.createdAt}#${m.id}`;

const ticketIndex = (m: Pick<MessageRecord, 'companyId' | 'createdAt' | 'id'>, ticketId: string) => ({
  GSI2PK: tenantPk(m.companyId, 'TICKETMSG', ticketId),
  GSI2SK: conversationPosition(m),
});
const refKey = (companyId: string, messageId: string) => ({ PK: tenantPk(companyId, 'MSGREF', messageId), SK: 'REF' });

/** The stored item of a message (already attached when `ticketId` is set); the bench bulk-loads these. */
export const messageItem = (m: MessageRecord) => ({
  ...messageKey(m.companyId, m.connectionId, m.externalId),
  ...(m.ticketId ? ticketIndex(m, m.ticketId) : {}),
  ...m,
});
export const messageRefItem = (m: MessageRecord, ticketId: string) => ({
  ...refKey(m.companyId, m.id),
  connectionId: m.connectionId,
  externalId: m.externalId,
  ticketId,
});
/**
 * The reference a channel message's pipeline writes last: its presence says both "landed" and
 * "pipeline done". Without a ticket (a group the company ignores) it only says "done": such a
 * message is not found by its API id (`getMessageRef`).
 */
const finishedRefItem = (m: MessageRecord) => ({
  ...refKey(m.companyId, m.id),
  connectionId: m.connectionId,
  externalId: m.externalId,
  ...(m.ticketId ? { ticketId: m.ticketId } : {}),
  pipelineDone: true,
});

/** Items stored before round 16 also carry GSI1PK/GSI1SK (the dropped connection index, AP-M2): stripped, never read. */
function fromItem(item: Record<string, unknown>): MessageRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1pk, GSI1SK: _g1sk, GSI2PK: _g2pk, GSI2SK: _g2sk, ...message } = item;
  return message as unknown as MessageRecord;
}

/** AP-M1: one message by connection and channel message id. */
export async function getMessage(
  companyId: string,
  connectionId: string,
  externalId: string,
): Promise<MessageRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: messageKey(companyId, connectionId, externalId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** Stores the message unless its (connection, externalId) is already there; then returns the stored one. */
export async function insertMessageOnce(message: MessageRecord): Promise<{ created: boolean; message: MessageRecord }> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: messageItem(message),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { created: true, message };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    return { created: false, message: (await getMessage(message.companyId, message.connectionId, message.externalId))! };
  }
}

/**
 * The last write of a channel message's pipeline (after the realtime event, the bots and the campaign
 * step): its by-id reference, marked `pipelineDone`, in one BatchWriteItem with `alongside` (the
 * message's search index entries, idempotent Puts listed first) and with the other messages' writes of
 * the batch (`putTogether`). Until it is written the message is not found by its API id, and a
 * redelivery completes the landing and reruns the steps (docs/data-model.md "A channel message's
 * last write").
 */
export const markMessagePipelineDone = (m: MessageRecord, alongside: readonly Record<string, unknown>[] = []) =>
  putTogether([...alongside, finishedRefItem(m)]);

/**
 * Whether a stored message's after-recording steps already ran (see `markMessagePipelineDone`).
 * Consistent reads: the answer decides a redelivery. One read, a second only for a message without a
 * finished reference (its pipeline was cut short, or the old code recorded it: its marker item).
 */
export async function isMessagePipelineDone(m: MessageRecord): Promise<boolean> {
  // Written done (outbound messages), or older than any redelivery could be.
  if (m.pipelineDone || Date.parse(m.updatedAt) < Date.now() - REDELIVERY_WINDOW_MS) return true;
  const consistentGet = async (Key: Record<string, string>) =>
    (await ddb().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;
  const ref = await consistentGet(refKey(m.companyId, m.id));
  if (ref?.pipelineDone === true) return true;
  return !!(await consistentGet(legacyDoneKey(m.companyId, m.connectionId, m.externalId)));
}

/** Runs one conditional update; undefined when the message is missing or the condition says "nothing to do". */
async function updateIfApplies(
  companyId: string,
  connectionId: string,
  externalId: string,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeValues: Record<string, unknown>;
    ExpressionAttributeNames?: Record<string, string>;
  },
): Promise<MessageRecord | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: messageKey(companyId, connectionId, externalId),
        ...update,
        ConditionExpression: `attribute_exists(PK) AND (${update.ConditionExpression})`,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/** Acks only move forward (a late "delivered" never overwrites "read"). */
export const raiseMessageAck = (companyId: string, connectionId: string, externalId: string, ack: number) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET ack = :ack, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(ack) OR ack < :ack',
    ExpressionAttributeValues: { ':ack': ack, ':now': new Date().toISOString() },
  });

/** Keeps the text before the edit in `editedMessage`; a redelivered edit (same text) changes nothing. */
export const editMessageBody = (companyId: string, connectionId: string, externalId: string, body: string) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET editedMessage = body, body = :body, updatedAt = :now',
    ConditionExpression: 'body <> :body',
    ExpressionAttributeValues: { ':body': body, ':now': new Date().toISOString() },
  });

export const markMessageDeleted = (companyId: string, connectionId: string, externalId: string) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET isDeleted = :true, updatedAt = :now',
    ConditionExpression: 'isDeleted <> :true',
    ExpressionAttributeValues: { ':true': true, ':now': new Date().toISOString() },
  });

/** Marks a sent message failed; a redelivery (same reason already set) changes nothing. */
export const markMessageSendFailed = (companyId: string, connectionId: string, externalId: string, reason = 'rejected') =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET sendFailed = :true, sendFailure = :reason, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(sendFailure) OR sendFailure <> :reason',
    ExpressionAttributeValues: { ':true': true, ':reason': reason, ':now': new Date().toISOString() },
  });

/** Attaches the file of a message recorded without it; only once (a redelivery finds mediaKey set). */
export const attachMessageMedia = (
  companyId: string,
  connectionId: string,
  externalId: string,
  media: { key: string; type: MessageMediaType; mimetype: string; fileName: string | null },
) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression:
      'SET mediaKey = :key, mediaType = :type, mediaMimetype = :mime, mediaFileName = :name, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(mediaKey) OR mediaKey = :null',
    ExpressionAttributeValues: {
      ':key': media.key,
      ':type': media.type,
      ':mime': media.mimetype,
      ':name': media.fileName,
      ':null': null,
      ':now': new Date().toISOString(),
    },
  });

export const markMessageMediaFailed = (
  companyId: string,
  connectionId: string,
  externalId: string,
  failure: { reason: string; sizeBytes?: number; limitBytes?: number },
) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET mediaFailure = :failure, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(mediaFailure) OR mediaFailure = :null',
    ExpressionAttributeValues: { ':failure': failure, ':null': null, ':now': new Date().toISOString() },
  });

/** Sets one reactor's emoji (the map is created on the first reaction); the same emoji again changes nothing. */
export async function setMessageReaction(
  companyId: string,
  connectionId: string,
  externalId: string,
  reactor: string,
  emoji: string,
): Promise<MessageRecord | undefined> {
  await updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET reactions = :empty',
    ConditionExpression: 'attribute_not_exists(reactions)',
    ExpressionAttributeValues: { ':empty': {} },
  });
  return updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET reactions.#who = :emoji, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(reactions.#who) OR reactions.#who <> :emoji',
    ExpressionAttributeNames: { '#who': reactor },
    ExpressionAttributeValues: { ':emoji': emoji, ':now': new Date().toISOString() },
  });
}

/**
 * The attach-to-ticket item (one transaction with the ticket's activity, domain/tickets): the message
 * joins the ticket's conversation (GSI2) unless it already did — the condition makes a redelivered
 * message count once. Its by-id reference is the pipeline's last write (`markMessagePipelineDone`).
 * `strandedOn`: the ticket the message is stored attached to although that ticket does not exist (a
 * landing cut short before it was created): the message leaves it.
 */
export function attachToTicketItem(
  m: MessageRecord,
  ticketId: string,
  queueId: string | null,
  strandedOn: string | null = null,
): LabelledItem {
  return {
    label: 'message',
    item: {
      Update: {
        TableName: tableName(),
        Key: messageKey(m.companyId, m.connectionId, m.externalId),
        UpdateExpression: 'SET ticketId = :t, queueId = :q, GSI2PK = :g2pk, GSI2SK = :g2sk',
        ConditionExpression: strandedOn
          ? 'attribute_exists(PK) AND (attribute_not_exists(GSI2PK) OR GSI2PK = :stranded)'
          : 'attribute_exists(PK) AND attribute_not_exists(GSI2PK)',
        ExpressionAttributeValues: {
          ':t': ticketId,
          ':q': queueId,
          ':g2pk': ticketIndex(m, ticketId).GSI2PK,
          ':g2sk': ticketIndex(m, ticketId).GSI2SK,
          ...(strandedOn ? { ':stranded': ticketIndex(m, strandedOn).GSI2PK } : {}),
        },
      },
    },
  };
}

/**
 * AP-M3: where a message is, by its API id. A channel message is found once its pipeline finished
 * (`markMessagePipelineDone`); one on no ticket (a group the company ignores) never is.
 */
export async function getMessageRef(
  companyId: string,
  messageId: string,
): Promise<{ connectionId: string; externalId: string; ticketId: string } | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: refKey(companyId, messageId) }));
  return out.Item?.ticketId
    ? {
        connectionId: String(out.Item.connectionId),
        externalId: String(out.Item.externalId),
        ticketId: String(out.Item.ticketId),
      }
    : undefined;
}

/** AP-M4: a page of a ticket's conversation, newest first. */
export async function queryTicketMessages(
  companyId: string,
  ticketId: string,
  page: { after?: Record<string, unknown>; limit: number },
): Promise<{ messages: MessageRecord[]; next?: Record<string, unknown> }> {
  const out = await queryPage(
    {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'TICKETMSG', ticketId) },
      ScanIndexForward: false,
    },
    page,
  );
  return { messages: out.items.map(fromItem), next: out.next };
}

/**
 * A message among the ticket's newest `limit` (AP-M4, one page), by its API id: a channel message
 * whose pipeline is still running has no reference yet (`getMessageRef`) but is already on its ticket.
 */
export async function findRecentTicketMessage(
  companyId: string,
  ticketId: string,
  messageId: string,
  limit: number,
): Promise<MessageRecord | undefined> {
  return (await queryTicketMessages(companyId, ticketId, { limit })).messages.find((m) => m.id === messageId);
}

/** Deletes messages and their API-id references: the sweep of a deleted ticket's conversation. Idempotent. */
export async function deleteMessages(messages: MessageRecord[]): Promise<void> {
  await batchWrite(
    messages.flatMap((m): WriteRequest[] =>
      [refKey(m.companyId, m.id), messageKey(m.companyId, m.connectionId, m.externalId)].map((Key) => ({
        DeleteRequest: { Key },
      })),
    ),
  );
}

/**
 * Whether a decoded cursor is a position this module could have issued for this ticket's page:
 * exactly the four string keys of a GSI2 position, inside the company's own partitions. A forged one
 * (other keys, other types, another tenant, another ticket) must not reach DynamoDB's marshaller or query.
 */
export function isTicketMessagesCursorOf(companyId: string, ticketId: string, key: Record<string, unknown>): boolean {
  const { PK, SK, GSI2PK, GSI2SK } = key;
  return (
    Object.keys(key).length === 4 &&
    GSI2PK === tenantPk(companyId, 'TICKETMSG', ticketId) &&
    typeof PK === 'string' &&
    PK.startsWith(tenantPk(companyId, 'MSG') + '#') &&
    typeof SK === 'string' &&
    typeof GSI2SK === 'string' &&
    PK.length <= 1024 &&
    SK.length <= 1024 &&
    GSI2SK.length <= 1024
  );
}
