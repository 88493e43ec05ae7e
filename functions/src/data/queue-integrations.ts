/**
 * Queue integrations (spec part 2 §3). Tens per company, listed a page at a time.
 *
 *   integration  PK = C#<cid>#QINT   SK = <integrationId>
 *                { type, name, nameLower, urlApi, …, tokenApiKeySealed, clientSecretSealed }
 *
 * Secrets are stored sealed (platform/secret-box.ts); this module never sees them in clear.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QueueIntegrationInput } from '@atende/shared';
import { ddb, tableName } from './client';
import { tenantPk } from './keys';
import { queryPage } from './table-operations';

export interface QueueIntegrationRecord extends Omit<QueueIntegrationInput, 'tokenApiKey' | 'clientSecret'> {
  id: string;
  companyId: string;
  /** Sealed secrets; '' when none. */
  tokenApiKeySealed: string;
  clientSecretSealed: string;
  createdAt: string;
  updatedAt: string;
}

const pk = (companyId: string) => tenantPk(companyId, 'QINT');
const fromItem = ({ PK: _pk, SK: _sk, nameLower: _n, ...rest }: Record<string, unknown>) =>
  rest as unknown as QueueIntegrationRecord;

export async function putQueueIntegration(record: QueueIntegrationRecord): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: pk(record.companyId), SK: record.id, nameLower: record.name.toLowerCase(), ...record },
    }),
  );
}

/** AP-QI1: one integration of a company. */
export async function getQueueIntegration(companyId: string, id: string): Promise<QueueIntegrationRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { PK: pk(companyId), SK: id } }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * AP-QI2: a page of a company's integrations (oldest first), optionally those whose lower-cased name
 * contains `needle` (a filter on the page read: a page may come back short, `nextCursor` goes on).
 */
export async function queryQueueIntegrations(
  companyId: string,
  limit: number,
  cursor: Record<string, unknown> | undefined,
  needle: string,
): Promise<{ records: QueueIntegrationRecord[]; nextCursor?: Record<string, unknown> }> {
  const out = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk(companyId), ...(needle ? { ':q': needle } : {}) },
      ...(needle ? { FilterExpression: 'contains(nameLower, :q)' } : {}),
    },
    { limit, after: cursor },
  );
  return { records: out.items.map(fromItem), nextCursor: out.next };
}

/** Deletes an existing integration; throws a condition failure when there is none. */
export async function removeQueueIntegration(companyId: string, id: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: { PK: pk(companyId), SK: id },
      ConditionExpression: 'attribute_exists(PK)',
    }),
  );
}
