/**
 * Scheduled messages (spec part 1 §3 "Schedule").
 *
 *   schedule  PK = C#<cid>#SCHED   SK = <scheduleId>   (ulid)
 *             GSI1PK = C#<cid>#CONTACTSCHED#<contactId>   GSI1SK = <sendAt>#<scheduleId>   (a contact's, soonest first)
 *             GSI2PK = C#<cid>#SCHEDAT                    GSI2SK = <sendAt>#<scheduleId>   (the company's, by send time)
 *   search    PK = C#<cid>#SIX#<first 3 chars>   SK = <token>#<scheduleId>   (search-index.ts; `searchTokens` on the item)
 *
 * `dueMinute` remembers where the send job sits on the due index, so a new time or a delete takes it off.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduleStatus } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { batchGet, queryPage, updateExpression, type Item } from './table-operations';
import { isConditionFailed, writeIfCondition } from './transactions';

export interface ScheduleRecord {
  id: string;
  companyId: string;
  contactId: string;
  ticketId: string | null;
  userId: string;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** Why the last attempt failed (status ERRO), for support; never shown raw to users. */
  error: string | null;
  dueMinute: number;
  /** Attachments in the order attached (absent on items written before attachments existed). */
  media?: ScheduleMediaRecord[];
  /** The words this schedule is indexed under (SIX), so a change or a delete takes exactly those off. */
  searchTokens?: string[];
  createdAt: string;
  updatedAt: string;
}

/** One attachment: the S3 object (`C#<cid>/media/schedules/<scheduleId>/…`) and what the console shows. */
export interface ScheduleMediaRecord {
  originalName: string;
  key: string;
  mimetype: string;
  size: number;
}

const companyPk = (companyId: string) => tenantPk(companyId, 'SCHED');
const bySendAtPk = (companyId: string) => tenantPk(companyId, 'SCHEDAT');
const contactPk = (companyId: string, contactId: string) => tenantPk(companyId, 'CONTACTSCHED', contactId);
const scheduleKey = (companyId: string, id: string) => ({ PK: companyPk(companyId), SK: id });
const indexKeys = (s: Pick<ScheduleRecord, 'companyId' | 'contactId' | 'sendAt' | 'id'>) => ({
  GSI1PK: contactPk(s.companyId, s.contactId),
  GSI1SK: `${s.sendAt}#${s.id}`,
  GSI2PK: bySendAtPk(s.companyId),
  GSI2SK: `${s.sendAt}#${s.id}`,
});
const fromItem = (item: Item): ScheduleRecord => {
  const { PK: _pk, SK: _sk, GSI1PK: _a, GSI1SK: _b, GSI2PK: _c, GSI2SK: _d, ...schedule } = item;
  return schedule as unknown as ScheduleRecord;
};

/**
 * Writes a new schedule. Its id is fresh, so no one else can hold it: a failed condition means this
 * very write was applied by an attempt whose answer was lost (a timeout, a 500 after the write) and
 * the SDK retried it — done, not a conflict (the fault suite saw that as a 409 for a created schedule).
 */
export async function insertSchedule(s: ScheduleRecord): Promise<void> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...scheduleKey(s.companyId, s.id), ...indexKeys(s), ...s },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const stored = await getSchedule(s.companyId, s.id);
    if (stored?.createdAt !== s.createdAt || stored.userId !== s.userId) throw err;
  }
}

/** AP-SC1: a schedule by id. */
export async function getSchedule(companyId: string, id: string): Promise<ScheduleRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: scheduleKey(companyId, id), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * Changes a schedule that is still unsent. Undefined when it was sent (or deleted) meanwhile: the
 * send job and an edit never both win.
 */
export async function updateUnsentSchedule(
  before: ScheduleRecord,
  set: Partial<Pick<ScheduleRecord, 'body' | 'sendAt' | 'dueMinute' | 'status' | 'error' | 'searchTokens'>> & {
    updatedAt: string;
  },
): Promise<ScheduleRecord | undefined> {
  const after = { ...before, ...set };
  const parts = updateExpression({ ...set, ...indexKeys(after) });
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(before.companyId, before.id),
        ...parts,
        ConditionExpression: 'attribute_exists(PK) AND attribute_type(sentAt, :nullType)',
        ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ':nullType': 'NULL' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/**
 * Replaces the attachments of a schedule still unsent and unchanged since `before` was read
 * (`updatedAt`): undefined when another write came first (re-read and try again) or it was sent.
 */
export async function setScheduleMedia(
  before: ScheduleRecord,
  media: ScheduleMediaRecord[],
  updatedAt: string,
): Promise<ScheduleRecord | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(before.companyId, before.id),
        UpdateExpression: 'SET media = :media, updatedAt = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_type(sentAt, :nullType) AND updatedAt = :read',
        ExpressionAttributeValues: { ':media': media, ':now': updatedAt, ':read': before.updatedAt, ':nullType': 'NULL' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  } catch (err) {
    if (isConditionFailed(err)) return undefined;
    throw err;
  }
}

/** Records the sending once: false when it was already recorded (a redelivered job). */
export async function markScheduleSent(companyId: string, id: string, at: string): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(companyId, id),
        UpdateExpression: 'SET sentAt = :at, #status = :sent, updatedAt = :at, #error = :nothing',
        ConditionExpression: 'attribute_exists(PK) AND attribute_type(sentAt, :nullType)',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':at': at, ':sent': 'ENVIADA', ':nothing': null, ':nullType': 'NULL' },
      }),
    ),
  );
}

export async function deleteSchedule(companyId: string, id: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: scheduleKey(companyId, id) }));
}

export interface SchedulePage {
  schedules: ScheduleRecord[];
  next?: Item;
}

/** AP-SC2: one page of the company's schedules by send time, latest first. */
export async function listCompanySchedules(companyId: string, page: { limit: number; after?: Item }): Promise<SchedulePage> {
  const out = await queryPage(
    {
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': bySendAtPk(companyId) },
      ScanIndexForward: false,
    },
    page,
  );
  return { schedules: out.items.map(fromItem), next: out.next };
}

/** AP-SC3: one page of a contact's schedules, soonest first. */
export async function listContactSchedules(
  companyId: string,
  contactId: string,
  page: { limit: number; after?: Item },
): Promise<SchedulePage> {
  const out = await queryPage(
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': contactPk(companyId, contactId) },
    },
    page,
  );
  return { schedules: out.items.map(fromItem), next: out.next };
}

/** A client's cursor is used only when it continues this very list (never another tenant's partition). */
export const isScheduleCursorOf = (companyId: string, contactId: string | undefined, key: Item): boolean =>
  contactId
    ? key.GSI1PK === contactPk(companyId, contactId) && key.PK === companyPk(companyId)
    : key.GSI2PK === bySendAtPk(companyId) && key.PK === companyPk(companyId);

/** AP-SC1 in a batch: the schedules a search found (missing ones are skipped). */
export async function getSchedules(companyId: string, ids: string[]): Promise<ScheduleRecord[]> {
  const items = await batchGet(ids.map((id) => scheduleKey(companyId, id)));
  const byId = new Map(items.map((item) => [String(item.SK), fromItem(item)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
