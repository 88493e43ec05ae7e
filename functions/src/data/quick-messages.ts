/**
 * Quick messages (spec part 1 §3, part 3 §3 "QuickMessage"). Tens per company: the list is one Query.
 *
 *   quick message  PK = C#<cid>#QUICKMSG   SK = <id>
 *                  { shortcode, message, userId (author, null on the seed's), toAll, media[], updatedAt }
 *
 * `media`: up to 3 `{ originalName, key, mimetype, size }`, objects under
 * `C#<cid>/media/quickmessages/<id>/`. Edits are conditional on `updatedAt` as read, so two attachments
 * confirmed at once cannot make a fourth file or a duplicate name.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { partitionQuery, queryAll } from './table-operations';
import { isConditionFailed, writeIfCondition } from './transactions';

export interface QuickMessageMediaRecord {
  originalName: string;
  key: string;
  mimetype: string;
  size: number;
}

export interface QuickMessageRecord {
  id: string;
  companyId: string;
  shortcode: string;
  message: string;
  userId: string | null;
  /** Absent on items written before the Quick replies page: company-wide when `userId` is null. */
  toAll?: boolean;
  media?: QuickMessageMediaRecord[];
  createdAt: string;
  updatedAt?: string;
  /** Legacy (seed): no longer written with a value. */
  mediaUrl?: string | null;
  mediaName?: string | null;
}

const key = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'QUICKMSG'), SK: id });
const fromItem = ({ PK: _pk, SK: _sk, ...rest }: Record<string, unknown>) => rest as unknown as QuickMessageRecord;

/** Whether the reply is offered to everyone (old items: the shared ones have no author). */
export const isToAll = (q: Pick<QuickMessageRecord, 'toAll' | 'userId'>) => q.toAll ?? q.userId === null;

export async function putQuickMessage(q: QuickMessageRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(q.companyId, q.id), ...q },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** AP-QM2: one quick message. */
export async function getQuickMessage(companyId: string, id: string): Promise<QuickMessageRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key(companyId, id), ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/** AP-QM1: every quick message of a company. */
export async function listQuickMessages(companyId: string): Promise<QuickMessageRecord[]> {
  return (await queryAll(partitionQuery({ attribute: 'PK', value: tenantPk(companyId, 'QUICKMSG') }))).map(fromItem);
}

/**
 * Writes the reply's fields on condition it is still as read (`updatedAt`, or none on old items):
 * undefined when it changed or vanished meanwhile (the caller re-reads and re-checks).
 */
export async function replaceQuickMessage(
  before: QuickMessageRecord,
  change: Pick<QuickMessageRecord, 'shortcode' | 'message' | 'toAll' | 'media'> & { updatedAt: string },
): Promise<QuickMessageRecord | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(before.companyId, before.id),
        UpdateExpression: 'SET shortcode = :s, message = :m, toAll = :t, media = :media, updatedAt = :now',
        ConditionExpression: before.updatedAt
          ? 'updatedAt = :read'
          : 'attribute_exists(PK) AND attribute_not_exists(updatedAt)',
        ExpressionAttributeValues: {
          ':s': change.shortcode,
          ':m': change.message,
          ':t': change.toAll ?? false,
          ':media': change.media ?? [],
          ':now': change.updatedAt,
          ...(before.updatedAt ? { ':read': before.updatedAt } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/** Deletes it; false when it was already gone. Its objects stay (decisions.md "Quick replies"). */
export async function deleteQuickMessage(companyId: string, id: string): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new DeleteCommand({ TableName: tableName(), Key: key(companyId, id), ConditionExpression: 'attribute_exists(PK)' }),
    ),
  );
}
