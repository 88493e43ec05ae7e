/**
 * Issue 27 bench goal "contact search at 1,000 and 100,000 contacts": a search by a whole number (or a
 * long digits prefix) reads its matches, not the term's bucket. Every Brazilian number token starts
 * with `55`, so a company's number tokens crowd a few buckets (`CIX#551` … `CIX#559`); the index Query
 * must cost the same whether its bucket holds 10 entries or thousands (search-index.ts `prefixRange`).
 */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ulid } from '@atende/shared/ids';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { batchWrite } from '../src/data/table-operations';
import { ddb } from '../src/data/client';
import { contactItems, contactSearchTokens, insertContact, type ContactRecord } from '../src/data/contacts';
import { indexItems, queryIndex } from '../src/data/search-index';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant } from './support/tenancy-fixtures';

/** Contacts sharing the target's bucket in the crowded company (all numbers `5511…`). */
const CROWD = 6_000;
const TARGET = '5511987650001';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
let crowded: Tenant;
let sparse: Tenant;
const ids = { crowded: '', sparse: '' };

const contact = (companyId: string, name: string, number: string): ContactRecord => {
  const now = new Date().toISOString();
  return {
    id: ulid(),
    companyId,
    name,
    number,
    lid: null,
    email: '',
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    createdAt: now,
    updatedAt: now,
  };
};

/** Crowd numbers sharing TARGET's first 12 digits (TARGET's neighbours). */
const NEAR = ['0', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => `551198765000${d}`);
/** The `i`-th crowd number: a neighbour, or 5511 and 9 digits that no search below matches. */
const crowdNumber = (i: number) => NEAR[i] ?? `5511${900_000_000 + i * 7}`;

beforeAll(async () => {
  await useFreshTable();
  [crowded, sparse] = await Promise.all([createTestTenant(), createTestTenant()]);
  const crowd = Array.from({ length: CROWD }, (_, i) => contact(crowded.company.id, `Cliente ${i}`, crowdNumber(i)));
  await batchWrite(
    crowd
      .flatMap((c) => [...contactItems(c), ...indexItems('CIX', c.companyId, c.id, contactSearchTokens(c))])
      .map((Item) => ({ PutRequest: { Item } })),
    undefined,
    { parallel: 8 },
  );
  // The same number in both companies, written as the API writes a new contact.
  const mine = contact(crowded.company.id, 'Joana Procurada', TARGET);
  const theirs = contact(sparse.company.id, 'Joana de Outra Empresa', TARGET);
  await insertContact(mine);
  await insertContact(theirs);
  ids.crowded = mine.id;
  ids.sparse = theirs.id;
}, 120_000);

const search = async (t: Tenant, searchParam: string) => {
  const res = await apiCall('contacts', 'GET', '/contacts', { token: t.admin.token, query: { searchParam } });
  expect(res.status).toBe(200);
  return res.body as { contacts: { id: string; number: string }[]; count: number; hasMore: boolean };
};

describe('contact search by number in a crowded bucket', () => {
  it('finds the one contact with the whole number, and only in the caller’s company', async () => {
    const mine = await search(crowded, TARGET);
    expect(mine.contacts.map((c) => c.id)).toEqual([ids.crowded]);
    expect(mine.hasMore).toBe(false);
    const theirs = await search(sparse, TARGET);
    expect(theirs.contacts.map((c) => c.id)).toEqual([ids.sparse]);
    // without the country code, by its last 8 digits
    expect((await search(crowded, TARGET.slice(2))).contacts.map((c) => c.id)).toEqual([ids.crowded]);
    expect((await search(crowded, TARGET.slice(-8))).contacts.map((c) => c.id)).toEqual([ids.crowded]);
  });

  it('finds by a long digits prefix exactly the numbers that start with it', async () => {
    const found = await search(crowded, TARGET.slice(0, 12));
    expect(found.contacts.map((c) => c.number).sort()).toEqual([TARGET, ...NEAR].sort());
    expect(found.count).toBe(NEAR.length + 1);
  });

  it('reads the matching index items only: one Query, one item, whatever shares the bucket', async () => {
    const send = vi.spyOn(ddb(), 'send');
    try {
      await search(crowded, TARGET);
      const indexQueries = send.mock.calls
        .map(([command], i) => ({ command, result: send.mock.results[i]!.value as Promise<QueryCommandOutput> }))
        .filter(
          ({ command }) =>
            command instanceof QueryCommand && /#CIX#/.test(String(command.input.ExpressionAttributeValues?.[':pk'])),
        );
      expect(indexQueries).toHaveLength(1);
      const out = await indexQueries[0]!.result;
      expect([out.Count, out.ScannedCount]).toEqual([1, 1]);
      // a sort-key range, which every store seeks to; `begins_with` is a partition walk in DynamoDB Local
      expect(String((indexQueries[0]!.command as QueryCommand).input.KeyConditionExpression)).not.toMatch(/begins_with/);
    } finally {
      send.mockRestore();
    }
  });

  it('costs the same in a bucket of thousands as in a bucket of one (DynamoDB Local timing)', async () => {
    const time = async (companyId: string) => {
      const t0 = performance.now();
      const page = await queryIndex('CIX', companyId, TARGET, { limit: 60 });
      const ms = performance.now() - t0;
      expect(page.ownerIds).toHaveLength(1);
      return ms;
    };
    const crowdedMs: number[] = [];
    const sparseMs: number[] = [];
    for (let i = 0; i < 40; i++) {
      crowdedMs.push(await time(crowded.company.id));
      sparseMs.push(await time(sparse.company.id));
    }
    // The fastest of 40 filters out the load of a shared machine. Measured: 1.38 vs 1.38 ms with the
    // range; with `begins_with` the walk of the crowded bucket made it 4.2 vs 2.2 ms.
    const best = (ms: number[]) => Math.min(...ms);
    expect(best(crowdedMs), `crowded ${best(crowdedMs)} ms, sparse ${best(sparseMs)} ms`).toBeLessThan(
      best(sparseMs) * 1.3 + 0.3,
    );
  });
});
