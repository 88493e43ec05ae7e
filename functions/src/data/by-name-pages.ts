/**
 * Pages of a company's named records by name: GSI1PK = one partition per company and kind, GSI1SK =
 * `<normalised name>#<id>`, each record keeping its normalised name in `search` (tags, contact lists).
 */
import { queryPages, type Item } from './table-operations';

/**
 * A page of up to `limit` records of the GSI1 partition `pk` after `after`, optionally only those whose
 * `search` contains `search` (already normalised). Reads on until the page is full (a filter may leave
 * DynamoDB's pages short); bounded by the partition. `positionOf` gives the cursor after a record.
 */
export async function queryByNamePage<T>(
  pk: string,
  page: { limit: number; after?: Item; search: string },
  fromItem: (item: Item) => T,
  positionOf: (last: T) => Item,
): Promise<{ records: T[]; next?: Item }> {
  const { search } = page;
  const records: T[] = [];
  const pages = queryPages(
    {
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': pk, ...(search ? { ':q': search } : {}) },
      ...(search ? { FilterExpression: 'contains(#search, :q)', ExpressionAttributeNames: { '#search': 'search' } } : {}),
      Limit: page.limit,
    },
    page.after,
  );
  for await (const { items } of pages) {
    for (const item of items) {
      records.push(fromItem(item));
      if (records.length === page.limit) return { records, next: positionOf(records[records.length - 1]!) };
    }
  }
  return { records };
}
