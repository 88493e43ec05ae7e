/**
 * Prefix search indexes maintained on write (docs/data-model.md, "Search"): one item per
 * (token, owner), in a partition per token prefix, so a search is one Query whatever the company's
 * size, and re-indexing the same token for the same owner is an idempotent Put.
 *
 *   ticket index   PK = C#<cid>#TIX#<first 3 chars>   SK = <token>#<ticketId>    { ownerId }
 *   contact index  PK = C#<cid>#CIX#<first 3 chars>   SK = <token>#<contactId>   { ownerId }
 *   schedule index PK = C#<cid>#SIX#<first 3 chars>   SK = <token>#<scheduleId>  { ownerId }
 *   user index     PK = C#<cid>#UIX#<first 3 chars>   SK = <token>#<userId>      { ownerId }
 *   campaign index PK = C#<cid>#KIX#<first 3 chars>   SK = <token>#<campaignId>  { ownerId }
 */
import { batchGet, batchWrite, queryPage, type WriteRequest } from './table-operations';
import { tableName } from './client';
import { tenantPk } from './keys';
import type { LabelledItem } from './transactions';
import { bucketOf } from './search-tokens';

export type SearchIndexKind = 'TIX' | 'CIX' | 'SIX' | 'UIX' | 'KIX';

const indexKey = (kind: SearchIndexKind, companyId: string, token: string, ownerId: string) => ({
  PK: tenantPk(companyId, kind, bucketOf(token)),
  SK: `${token}#${ownerId}`,
});

/** Puts one item per token (writes: one per token; ≤ 25 per BatchWriteItem call). */
export async function indexTokens(
  kind: SearchIndexKind,
  companyId: string,
  ownerId: string,
  tokens: string[],
): Promise<void> {
  if (!tokens.length) return;
  await batchWrite(
    tokens.map((token) => ({ PutRequest: { Item: { ...indexKey(kind, companyId, token, ownerId), ownerId } } })),
  );
}

export async function unindexTokens(
  kind: SearchIndexKind,
  companyId: string,
  ownerId: string,
  tokens: string[],
): Promise<void> {
  if (!tokens.length) return;
  await batchWrite(
    tokens.map((token): WriteRequest => ({ DeleteRequest: { Key: indexKey(kind, companyId, token, ownerId) } })),
  );
}

/** Index writes as transaction items, for an owner that keeps its words in step with its own write. */
export const indexWrites = (
  kind: SearchIndexKind,
  companyId: string,
  ownerId: string,
  words: { add: string[]; remove: string[] },
): LabelledItem[] => [
  ...words.remove.map((token) => ({
    label: 'index',
    item: { Delete: { TableName: tableName(), Key: indexKey(kind, companyId, token, ownerId) } },
  })),
  ...words.add.map((token) => ({
    label: 'index',
    item: { Put: { TableName: tableName(), Item: { ...indexKey(kind, companyId, token, ownerId), ownerId } } },
  })),
];

/** The index items, for bulk loading (bench generator). */
export const indexItems = (kind: SearchIndexKind, companyId: string, ownerId: string, tokens: string[]) =>
  tokens.map((token) => ({ ...indexKey(kind, companyId, token, ownerId), ownerId }));

export interface IndexPage {
  /** In index order; `token` is the indexed word the owner was found by. */
  ownerIds: { ownerId: string; token: string; key: Record<string, unknown> }[];
  next?: Record<string, unknown>;
}

/** The owner an index item's key names (`<token>#<ownerId>`; ids hold no `#`). */
export const ownerOfIndexKey = (key: Record<string, unknown>) => String(key.SK).slice(String(key.SK).lastIndexOf('#') + 1);

/**
 * The sort keys that start with `prefix`, as the bounds of a `BETWEEN` (UTF-8 byte order, as DynamoDB
 * compares strings): the prefix itself, and the prefix followed by the greatest code point, above the
 * prefix followed by any other character (index keys continue in ASCII: `<token>#<ownerId>`). So the
 * same items as `begins_with(SK, prefix)`, but a range
 * every store can seek to: DynamoDB Local turns `begins_with` into `hex(rangeKey) LIKE '<hex>%'`, which
 * no index serves, so it walked every item of the partition (all of a bucket's tokens) to find the
 * few that match (bench/README.md "Contact search").
 */
export const prefixRange = (prefix: string): { from: string; to: string } => ({
  from: prefix,
  to: prefix + String.fromCodePoint(0x10ffff),
});

/**
 * AP-TX1 / AP-CX1 / AP-SX1 / AP-UX1: owners having a token that starts with `term`, newest owner first among equal
 * tokens (ULID ids sort by creation). `after` continues from an item's key. Reads the matching items only
 * (a sort-key range), however many other tokens share the term's bucket.
 */
export async function queryIndex(
  kind: SearchIndexKind,
  companyId: string,
  term: string,
  page: { after?: Record<string, unknown>; limit: number },
): Promise<IndexPage> {
  const range = prefixRange(term);
  const out = await queryPage(
    {
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': tenantPk(companyId, kind, bucketOf(term)),
        ':from': range.from,
        ':to': range.to,
      },
      ScanIndexForward: false,
    },
    page,
  );
  return {
    ownerIds: out.items.map((item) => ({
      ownerId: String(item.ownerId),
      token: String(item.SK).slice(0, String(item.SK).lastIndexOf('#')),
      key: { PK: item.PK, SK: item.SK },
    })),
    next: out.next,
  };
}

export type IndexEntry = IndexPage['ownerIds'][number];

/**
 * Reads the index of `kind` for `term` from `after`, slice by slice, keeping what `resolve` accepts
 * (in index order), until `want` are kept or about `maxItems` entries were read. `next` is where it
 * stopped, absent when the index has nothing more: a page of a search that is O(page), not O(matches).
 */
export async function scanIndex<T>(
  kind: SearchIndexKind,
  companyId: string,
  term: string,
  opts: {
    after?: Record<string, unknown>;
    want: number;
    slice: number;
    maxItems: number;
    resolve: (entries: IndexEntry[]) => Promise<(T | undefined)[]>;
  },
): Promise<{ found: T[]; next?: Record<string, unknown> }> {
  const found: T[] = [];
  let after = opts.after;
  for (let read = 0; ;) {
    const page = await queryIndex(kind, companyId, term, { after, limit: opts.slice });
    read += page.ownerIds.length;
    const resolved = await opts.resolve(page.ownerIds);
    for (const [i, entry] of page.ownerIds.entries()) {
      const value = resolved[i];
      if (value === undefined) continue;
      found.push(value);
      if (found.length >= opts.want) {
        const more = i < page.ownerIds.length - 1 || !!page.next;
        return { found, ...(more ? { next: entry.key } : {}) };
      }
    }
    if (!page.next) return { found };
    after = page.next;
    if (read >= opts.maxItems) return { found, next: after };
  }
}

/**
 * AP-TX2: which of these (token, owner) entries exist, as `<token>#<ownerId>` (a search asks whether
 * a ticket was already listed under an earlier word of the same prefix).
 */
export async function existingIndexEntries(
  kind: SearchIndexKind,
  companyId: string,
  entries: { token: string; ownerId: string }[],
): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const items = await batchGet(
    entries.map((e) => indexKey(kind, companyId, e.token, e.ownerId)),
    { projection: '#sk', names: { '#sk': 'SK' } },
  );
  return new Set(items.map((item) => String(item.SK)));
}

/** Whether a cursor key belongs to this company's index of `kind` (a forged cursor is refused). */
export const isIndexKeyOf = (kind: SearchIndexKind, companyId: string, key: Record<string, unknown>) =>
  typeof key.PK === 'string' &&
  key.PK.startsWith(tenantPk(companyId, kind) + '#') &&
  typeof key.SK === 'string' &&
  Object.keys(key).length === 2;
