/**
 * Marks that the platform's first data (seed) exists, so later starts skip it.
 *
 *   PK = P#SEED   SK = SEED   { seededAt, platformCompanyId, demoCompanyId }
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './client';
import { platformPk } from './keys';
import { writeIfCondition } from './transactions';

const markerKey = { PK: platformPk('SEED'), SK: 'SEED' };

/** AP-SD1: whether the seed ran. */
export async function isSeeded(): Promise<boolean> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: markerKey, ConsistentRead: true }));
  return !!out.Item;
}

/** Writes the marker once; false when another run wrote it first. */
export async function markSeeded(details: Record<string, string>): Promise<boolean> {
  return writeIfCondition(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...markerKey, ...details, seededAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}
