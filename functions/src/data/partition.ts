/** Every item of one small partition (tags, quick messages, counters, a company's queues): a paged Query to the end. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';

export async function queryWholePartition(pk: string, index?: 'GSI1' | 'GSI2'): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  const key = index ? `${index}PK` : 'PK';
  let after: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: index } : {}),
        KeyConditionExpression: `${key} = :pk`,
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: after,
      }),
    );
    items.push(...(out.Items ?? []));
    after = out.LastEvaluatedKey;
  } while (after);
  return items;
}
