/**
 * Queue menu options (spec part 3 §3 "QueueOption"): a tree per queue, `option` numbers from 1.
 * The queues page edits them (`/queue-options`); the seed and the bots read them.
 *
 *   option  PK = C#<cid>#QUEUEOPT#<queueId>  SK = <optionId>  { title, message, option, parentId }
 *   owner   PK = C#<cid>#QUEUEOPTREF         SK = <optionId>  { queueId }   (PUT/DELETE /queue-options/{id} name the option only)
 *
 * A queue's options share one partition: the whole tree is one Query (AP-QO1, menus are bounded by
 * QUEUE_OPTION_MAX_COUNT), so a level, a subtree or the next free position is computed from it.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { batchWrite } from './table-operations';

export interface QueueOptionRecord {
  id: string;
  companyId: string;
  queueId: string;
  parentId: string | null;
  title: string;
  message: string;
  option: number;
}

export interface QueueOptionNode extends QueueOptionRecord {
  children: QueueOptionNode[];
}

const optionsPk = (companyId: string, queueId: string) => tenantPk(companyId, 'QUEUEOPT', queueId);
const ownerKey = (companyId: string, optionId: string) => ({ PK: tenantPk(companyId, 'QUEUEOPTREF'), SK: optionId });

/** Writes an option and the pointer from its id to its queue. */
export async function putQueueOption(o: QueueOptionRecord): Promise<void> {
  await batchWrite([
    { PutRequest: { Item: { PK: optionsPk(o.companyId, o.queueId), SK: o.id, entity: 'queueOption', ...o } } },
    { PutRequest: { Item: { ...ownerKey(o.companyId, o.id), queueId: o.queueId } } },
  ]);
}

/** AP-QO3: which queue an option belongs to (undefined: no such option in this company). */
export async function getQueueOptionOwner(companyId: string, optionId: string): Promise<string | undefined> {
  const out = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: ownerKey(companyId, optionId), ConsistentRead: true }),
  );
  return out.Item ? String(out.Item.queueId) : undefined;
}

/** AP-QO1: every option of a queue, flat (one partition; menus are a few dozen items). */
export async function listQueueOptions(companyId: string, queueId: string): Promise<QueueOptionRecord[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': optionsPk(companyId, queueId) },
      ConsistentRead: true,
      Limit: 1000,
    }),
  );
  return (out.Items ?? []).map((item) => {
    const { id, parentId, title, message, option } = item as QueueOptionRecord;
    return { id, companyId, queueId, parentId: parentId ?? null, title, message: message ?? '', option: Number(option) };
  });
}

/** AP-QO2: one option of a queue. */
export async function getQueueOption(
  companyId: string,
  queueId: string,
  optionId: string,
): Promise<QueueOptionRecord | undefined> {
  const out = await ddb().send(
    new GetCommand({
      TableName: tableName(),
      Key: { PK: optionsPk(companyId, queueId), SK: optionId },
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, entity: _e, ...option } = out.Item;
  return option as QueueOptionRecord;
}

/** Deletes options of one queue (a subtree, or the whole menu of a deleted queue). */
export async function deleteQueueOptions(companyId: string, queueId: string, optionIds: string[]): Promise<void> {
  await batchWrite(
    optionIds.flatMap((id) => [
      { DeleteRequest: { Key: { PK: optionsPk(companyId, queueId), SK: id } } },
      { DeleteRequest: { Key: ownerKey(companyId, id) } },
    ]),
  );
}

/** AP-QO1 as a tree, siblings by position. */
export async function getQueueOptionTree(companyId: string, queueId: string): Promise<QueueOptionNode[]> {
  const nodes = new Map<string, QueueOptionNode>();
  for (const record of await listQueueOptions(companyId, queueId)) nodes.set(record.id, { ...record, children: [] });
  const roots: QueueOptionNode[] = [];
  for (const node of nodes.values())
    (node.parentId && nodes.get(node.parentId) ? nodes.get(node.parentId)!.children : roots).push(node);
  const sort = (list: QueueOptionNode[]) => {
    list.sort((a, b) => a.option - b.option);
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}
