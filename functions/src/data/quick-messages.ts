/**
 * Quick messages (spec part 1 §3, the '/' shortcut). Tens per company: the list is one Query.
 *
 *   quick message  PK = C#<cid>#QUICKMSG   SK = <id>   { shortcode, message, userId|null }
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QuickMessageDto } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { queryWholePartition } from './partition';

export interface QuickMessageRecord extends QuickMessageDto {
  companyId: string;
  createdAt: string;
}

const key = (companyId: string, id: string) => ({ PK: tenantPk(companyId, 'QUICKMSG'), SK: id });

export async function putQuickMessage(q: QuickMessageRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...key(q.companyId, q.id), ...q } }));
}

/** AP-QM1: every quick message of a company. */
export async function listQuickMessages(companyId: string): Promise<QuickMessageRecord[]> {
  return (await queryWholePartition(tenantPk(companyId, 'QUICKMSG'))).map(
    ({ PK: _pk, SK: _sk, ...rest }) => rest as unknown as QuickMessageRecord,
  );
}
