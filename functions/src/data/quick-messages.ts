/**
 * Quick messages (spec part 1 §3, the '/' shortcut). Tens per company: the list is one Query.
 *
 *   quick message  PK = C#<cid>#QUICKMSG   SK = <id>   { shortcode, message, userId|null }
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QuickMessageDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';

export interface QuickMessageRecord extends QuickMessageDto { companyId: string; createdAt: string }

const key = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'QUICKMSG'), SK: id });

export async function putQuickMessage(q: QuickMessageRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...key(q.companyId, q.id), ...q } }));
}

/** AP-QM1: every quick message of a company. */
export async function listQuickMessages(companyId: string): Promise<QuickMessageRecord[]> {
  const out: QuickMessageRecord[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': tenantPk(companyId, 'QUICKMSG') }, ExclusiveStartKey: after,
    }));
    for (const item of page.Items ?? []) {
      const { PK: _pk, SK: _sk, ...rest } = item;
      out.push(rest as QuickMessageRecord);
    }
    after = page.LastEvaluatedKey;
  } while (after);
  return out;
}
