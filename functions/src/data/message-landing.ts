/**
 * A message landing on its ticket without a transaction (docs/data-model.md "Messages", issue 28 §1):
 * a transaction bills every item twice, and these writes do not need one. In order:
 *   1. the message, stored already attached, on condition its channel id is not stored yet (`putMessageOnce`):
 *      the idempotency guard, as in the transaction before;
 *   2. the ticket's activity (data/tickets.ts `applyTicketActivity`), which records the message's id
 *      on the ticket (`countedMessageId`);
 *   3. the message's by-id reference, LAST: for a message the platform sends, at the end of the
 *      landing (`putMessageRef`); for a channel message, at the end of its whole pipeline, with its
 *      search entries (data/messages.ts `markMessagePipelineDone`), so one item says "landed" and
 *      "pipeline done". A message stored attached without its reference is one whose landing or
 *      pipeline was cut short (a crash, a timeout), which the redelivery or retry completes
 *      (domain/tickets/ticket-activity.ts), counting the activity unless the ticket counted this
 *      message or a later one.
 * Same entity and keys as data/messages.ts (its item builders are used, so the keys cannot drift).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { messageItem, messageRefItem, type MessageRecord } from './messages';
import { isConditionFailed, writeIfCondition } from './transactions';

export type AttachedMessage = MessageRecord & { ticketId: string };

/** Stores the message (attached when `ticketId` is set) unless its channel id is already stored: then false. */
export async function putMessageOnce(m: MessageRecord): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new PutCommand({ TableName: tableName(), Item: messageItem(m), ConditionExpression: 'attribute_not_exists(PK)' }),
    ),
  );
}

/**
 * Takes back a message just stored attached to a ticket that turned out closed (its activity was not
 * counted), so the general path decides where it goes as if nothing had been written. Only while it is
 * still attached to that ticket.
 */
export async function withdrawAttachedMessage(m: AttachedMessage): Promise<void> {
  const { PK, SK, GSI2PK } = messageItem(m);
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { PK, SK },
        ConditionExpression: 'GSI2PK = :ticketMessages',
        ExpressionAttributeValues: { ':ticketMessages': GSI2PK },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/** The by-id reference (AP-M3) of a message the platform sends: the last write of its landing. Idempotent. */
export async function putMessageRef(m: AttachedMessage): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: messageRefItem(m, m.ticketId) }));
}

/**
 * Whether the message's landing finished: its reference is written (for a channel message, at the end
 * of its pipeline; by the code before round 16, at the end of its landing). Consistent: it decides a
 * redelivery.
 */
export async function hasMessageRef(m: Pick<MessageRecord, 'companyId' | 'id' | 'connectionId' | 'externalId'>) {
  const { PK, SK } = messageRefItem(m as MessageRecord, '');
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK, SK }, ConsistentRead: true }));
  return !!out.Item;
}
