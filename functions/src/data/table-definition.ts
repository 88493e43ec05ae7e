/**
 * The one table, defined once. CDK (infra/lib/data/data-construct.ts) and the local platform
 * (infra/local) both build the table from this object, so they cannot drift.
 * Every partition key of tenant data, on the table and on every GSI, begins with `C#<companyId>#`.
 */
export const TABLE_KEY = { partitionKey: 'PK', sortKey: 'SK' } as const;

export const TABLE_GSIS = [
  { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
] as const;

export type GsiName = (typeof TABLE_GSIS)[number]['indexName'];

/** Epoch-seconds attribute that DynamoDB TTL expires (refresh tokens, rate-limit windows, dedup markers). */
export const TTL_ATTRIBUTE = 'expiresAt';

export const DEFAULT_TABLE_NAME = 'atende';

/** Parameters for CreateTable, used by the local platform and the tests. */
export function createTableInput(tableName: string) {
  const attrs = new Set<string>([TABLE_KEY.partitionKey, TABLE_KEY.sortKey]);
  for (const g of TABLE_GSIS) {
    attrs.add(g.partitionKey);
    attrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [...attrs].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEY.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEY.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: TABLE_GSIS.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: g.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
