/**
 * Issue 30 item 18: `GET /users?searchParam` reads the user index kept on write (AP-UX1), a page at a
 * time, never the company's whole user partition; it follows renames and deletes, lists a user found
 * by two words once, and indexes users written before the index existed.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '@atende/shared';
import { ddb } from '../src/data/client';
import { unindexTokens } from '../src/data/search-index';
import { userSearchTokens } from '../src/data/users';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser } from './support/tenancy-fixtures';

beforeAll(async () => {
  await useFreshTable();
});

type Page = { users: { id: string; name: string }[]; hasMore: boolean; cursor?: string };
const search = async (token: string, query: Record<string, string | number>) => {
  const res = await apiCall('users', 'GET', '/users', { token, query });
  expect(res.status).toBe(200);
  return res.body as Page;
};

describe('user search', () => {
  it('pages through every match once, by cursor and by number, without reading the user partition', async () => {
    const { admin, company } = await createTestTenant({ planUsers: 100 });
    const marias: string[] = [];
    for (let i = 0; i < PAGE_SIZE + 5; i++)
      marias.push((await createTestUser(company.id, { name: `Maria ${String(i).padStart(2, '0')}` })).user.id);
    // Found by two words (mariana, maria): listed once.
    marias.push((await createTestUser(company.id, { name: 'Mariana Maria' })).user.id);
    for (let i = 0; i < 10; i++) await createTestUser(company.id, { name: `Pedro ${i}` });

    await search(admin.token, { searchParam: 'pedro' }); // the company's first search indexes older users, once
    const send = vi.spyOn(ddb(), 'send');
    const byCursor: string[] = [];
    let cursor: string | undefined;
    try {
      for (let turn = 0; turn < 5; turn++) {
        const page = await search(admin.token, { searchParam: 'mari', ...(cursor ? { cursor } : {}) });
        byCursor.push(...page.users.map((u) => u.id));
        if (!page.hasMore) break;
        cursor = page.cursor;
      }
      const partitionReads = send.mock.calls
        .map(([command]) => command)
        .filter(
          (command) =>
            command instanceof QueryCommand &&
            command.input.IndexName === 'GSI1' &&
            command.input.ExpressionAttributeValues?.[':pk'] === `C#${company.id}#USER`,
        );
      expect(partitionReads).toEqual([]);
    } finally {
      send.mockRestore();
    }
    expect(byCursor.length).toBe(new Set(byCursor).size);
    expect(byCursor.sort()).toEqual([...marias].sort());

    const byNumber: string[] = [];
    for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
      const page = await search(admin.token, { searchParam: 'mari', pageNumber });
      byNumber.push(...page.users.map((u) => u.id));
      if (!page.hasMore) break;
    }
    expect(byNumber.sort()).toEqual([...marias].sort());
  });

  it('follows a rename and a delete, and narrows by further words', async () => {
    const { admin, company } = await createTestTenant();
    const renamed = await createTestUser(company.id, { name: 'Fernanda Lima' });
    const gone = await createTestUser(company.id, { name: 'Fernanda Rocha' });
    expect((await search(admin.token, { searchParam: 'fernanda rocha' })).users.map((u) => u.id)).toEqual([gone.user.id]);

    const put = await apiCall('users', 'PUT', '/users/{id}', {
      token: admin.token,
      pathParameters: { id: renamed.user.id },
      body: { name: 'Beatriz Lima' },
    });
    expect(put.status).toBe(200);
    const del = await apiCall('users', 'DELETE', '/users/{id}', {
      token: admin.token,
      pathParameters: { id: gone.user.id },
    });
    expect(del.status).toBe(204);

    expect((await search(admin.token, { searchParam: 'fernanda' })).users).toEqual([]);
    expect((await search(admin.token, { searchParam: 'beatr' })).users.map((u) => u.id)).toEqual([renamed.user.id]);
  });

  it('indexes the users written before the index, on the first search of their company', async () => {
    const { admin, company } = await createTestTenant();
    const old = await createTestUser(company.id, { name: 'Gustavo Antigo' });
    // As a user stored before this release: no search entries.
    await unindexTokens('UIX', company.id, old.user.id, userSearchTokens(old.user));

    expect((await search(admin.token, { searchParam: 'gustavo' })).users.map((u) => u.id)).toEqual([old.user.id]);
  });

  it('lists everyone for fewer than 3 characters (the search starts at 3)', async () => {
    const { admin } = await createTestTenant();
    expect((await search(admin.token, { searchParam: 'ad' })).users.length).toBe(2);
  });
});
