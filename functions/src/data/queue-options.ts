/**
 * Queue menu options (spec part 3 §3 "QueueOption"): a tree per queue, `option` numbers from 1.
 * The queues admin screens (a later issue) edit them; the seed and the bots read them.
 *
 *   option  PK = C#<cid>#QUEUEOPT#<queueId>  SK = <optionId>  { title, message, option, parentId }
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';

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

export async function putQueueOption(o: QueueOptionRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: optionsPk(o.companyId, o.queueId), SK: o.id, entity: 'queueOption', ...o },
    }),
  );
}

/** AP-QO1: a queue's whole option tree (one partition; menus are a few dozen items). */
export async function getQueueOptionTree(companyId: string, queueId: string): Promise<QueueOptionNode[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': optionsPk(companyId, queueId) },
      Limit: 1000,
    }),
  );
  const nodes = new Map<string, QueueOptionNode>();
  for (const item of out.Items ?? []) {
    const { id, parentId, title, message, option } = item as QueueOptionRecord;
    nodes.set(id, {
      id,
      companyId,
      queueId,
      parentId: parentId ?? null,
      title,
      message: message ?? '',
      option: Number(option),
      children: [],
    });
  }
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
