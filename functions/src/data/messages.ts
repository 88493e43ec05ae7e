/**
 * Message entity (spec part 1 §3). The item is keyed by the channel's own message id, so recording
 * the same inbound message twice is one conditional put that fails the second time.
 *
 *   message  PK = C#<cid>#MSG#<connectionId>   SK = <externalId>
 *            GSI1PK = C#<cid>#WAPPMSG#<connectionId>   GSI1SK = <createdAt>#<externalId>   (newest on a connection)
 *   (the ticket workspace adds GSI2 = C#<cid>#TICKETMSG#<ticketId> / <createdAt>#<externalId>)
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MessageMediaType } from '@atende/shared';
import { ddb, tableName } from './client';
import { queryPage } from './table-operations';
import { tenantPk } from './keys';
import { isConditionFailed } from './transactions';

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
  /** Set once everything after recording (realtime, later ticket logic) has run: redeliveries stop there. */
  pipelineDone?: boolean;
}

const messageKey = (companyId: string, connectionId: string, externalId: string) =>
  ({ PK: tenantPk(companyId, 'MSG', connectionId), SK: externalId });
const connectionIndex = (m: MessageRecord) =>
  ({ GSI1PK: tenantPk(m.companyId, 'WAPPMSG', m.connectionId), GSI1SK: `${m.createdAt}#${m.externalId}` });

function fromItem(item: Record<string, unknown>): MessageRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1pk, GSI1SK: _g1sk, ...message } = item;
  return message as unknown as MessageRecord;
}

/** AP-M1: one message by connection and channel message id. */
export async function getMessage(companyId: string, connectionId: string, externalId: string): Promise<MessageRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: messageKey(companyId, connectionId, externalId), ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/** Stores the message unless its (connection, externalId) is already there; then returns the stored one. */
export async function insertMessageOnce(message: MessageRecord): Promise<{ created: boolean; message: MessageRecord }> {
  try {
    await ddb().send(new PutCommand({
      TableName: tableName(),
      Item: { ...messageKey(message.companyId, message.connectionId, message.externalId), ...connectionIndex(message), ...message },
      ConditionExpression: 'attribute_not_exists(PK)',
    }));
    return { created: true, message };
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    return { created: false, message: (await getMessage(message.companyId, message.connectionId, message.externalId))! };
  }
}

export async function markMessagePipelineDone(m: Pick<MessageRecord, 'companyId' | 'connectionId' | 'externalId'>): Promise<void> {
  await ddb().send(new UpdateCommand({
    TableName: tableName(), Key: messageKey(m.companyId, m.connectionId, m.externalId),
    UpdateExpression: 'SET pipelineDone = :true', ExpressionAttributeValues: { ':true': true },
  }));
}

/** Runs one conditional update; undefined when the message is missing or the condition says "nothing to do". */
async function updateIfApplies(
  companyId: string, connectionId: string, externalId: string,
  update: { UpdateExpression: string; ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown>; ExpressionAttributeNames?: Record<string, string> },
): Promise<MessageRecord | undefined> {
  try {
    const out = await ddb().send(new UpdateCommand({
      TableName: tableName(), Key: messageKey(companyId, connectionId, externalId), ...update,
      ConditionExpression: `attribute_exists(PK) AND (${update.ConditionExpression})`, ReturnValues: 'ALL_NEW',
    }));
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

/**
 * Whether a decoded cursor is a position this module could have issued for this connection's page:
 * exactly the four string keys of a GSI1 position, inside the company's own partitions. A forged
 * one (other keys, other types, another tenant) must not reach DynamoDB's marshaller or query.
 */
export function isConnectionMessagesCursorOf(companyId: string, connectionId: string, key: Record<string, unknown>): boolean {
  const keys = Object.keys(key);
  return keys.length === 4
    && key.PK === tenantPk(companyId, 'MSG', connectionId) && key.GSI1PK === tenantPk(companyId, 'WAPPMSG', connectionId)
    && typeof key.SK === 'string' && typeof key.GSI1SK === 'string' && key.SK.length <= 1024 && key.GSI1SK.length <= 1024;
}

/** Marks a sent message failed; a redelivery (same reason already set) changes nothing. */
export const markMessageSendFailed = (companyId: string, connectionId: string, externalId: string, reason: string) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET sendFailure = :reason, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(sendFailure) OR sendFailure <> :reason',
    ExpressionAttributeValues: { ':reason': reason, ':now': new Date().toISOString() },
  });

/** Attaches the file of a message recorded without it; only once (a redelivery finds mediaKey set). */
export const attachMessageMedia = (
  companyId: string, connectionId: string, externalId: string,
  media: { key: string; type: MessageMediaType; mimetype: string; fileName: string | null },
) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET mediaKey = :key, mediaType = :type, mediaMimetype = :mime, mediaFileName = :name, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(mediaKey) OR mediaKey = :null',
    ExpressionAttributeValues: {
      ':key': media.key, ':type': media.type, ':mime': media.mimetype, ':name': media.fileName, ':null': null, ':now': new Date().toISOString(),
    },
  });

export const markMessageMediaFailed = (
  companyId: string, connectionId: string, externalId: string, failure: { reason: string; sizeBytes?: number; limitBytes?: number },
) =>
  updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET mediaFailure = :failure, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(mediaFailure) OR mediaFailure = :null',
    ExpressionAttributeValues: { ':failure': failure, ':null': null, ':now': new Date().toISOString() },
  });

/** Sets one reactor's emoji (the map is created on the first reaction); the same emoji again changes nothing. */
export async function setMessageReaction(
  companyId: string, connectionId: string, externalId: string, reactor: string, emoji: string,
): Promise<MessageRecord | undefined> {
  await updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET reactions = :empty', ConditionExpression: 'attribute_not_exists(reactions)', ExpressionAttributeValues: { ':empty': {} },
  });
  return updateIfApplies(companyId, connectionId, externalId, {
    UpdateExpression: 'SET reactions.#who = :emoji, updatedAt = :now',
    ConditionExpression: 'attribute_not_exists(reactions.#who) OR reactions.#who <> :emoji',
    ExpressionAttributeNames: { '#who': reactor },
    ExpressionAttributeValues: { ':emoji': emoji, ':now': new Date().toISOString() },
  });
}

/** AP-M2: a page of a connection's messages, newest first. */
export async function queryConnectionMessages(
  companyId: string, connectionId: string, page: { after?: Record<string, unknown>; limit: number },
): Promise<{ messages: MessageRecord[]; next?: Record<string, unknown> }> {
  const { items, next } = await queryPage({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'WAPPMSG', connectionId) },
    ScanIndexForward: false,
  }, page);
  return { messages: items.map(fromItem), next };
}
