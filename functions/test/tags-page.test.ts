/**
 * The Tags page's API (spec part 3 §2 "Tags page", §5 "Tag", §7 "Tags"): a page by name with search,
 * CRUD, and each tag's ticket count kept as tickets gain and lose tags (`POST /tags/sync`) and when a
 * tagged ticket is deleted — never by reading tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_MSG, type TagDto, type TagListAnswer } from '@atende/shared';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  newNumber,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

const newTag = async (name: string, color?: string) => {
  const res = await apiCall('tickets', 'POST', '/tags', {
    token: w.operatorA.token,
    body: { name, ...(color ? { color } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body as TagDto;
};
const page = async (query: Record<string, string> = {}) => {
  const res = await apiCall('tickets', 'GET', '/tags', { token: w.operatorA.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TagListAnswer;
};
const countOf = async (id: string) =>
  (await apiCall('tickets', 'GET', '/tags/{id}', { token: w.operatorA.token, pathParameters: { id } })).body.ticketsCount;
const sync = (ticketId: string, tags: string[]) =>
  apiCall('tickets', 'POST', '/tags/sync', { token: w.admin.token, body: { ticketId, tags } });
async function newTicket() {
  const number = newNumber();
  await customerSays(w, { number, body: 'oi' });
  return (await ticketOf(w, number))!;
}

describe('tags page', () => {
  it('creates, lists by name with search and paging, edits and deletes', async () => {
    const names = [
      'Vip',
      'Atacado',
      'Urgente',
      'Ágil',
      ...Array.from({ length: 31 }, (_, i) => `Lote ${String(i).padStart(2, '0')}`),
    ];
    for (const name of names) await newTag(name);

    const first = await page();
    expect(first.tags).toHaveLength(30);
    expect(first.tags.slice(0, 3).map((t) => t.name)).toEqual(['Ágil', 'Atacado', 'Lote 00']); // accent-free order
    expect(first.tags[0]).toMatchObject({ ticketsCount: 0 });
    expect(first.hasMore).toBe(true);
    const second = await page({ cursor: first.cursor! });
    expect([...first.tags, ...second.tags].map((t) => t.name).sort()).toEqual([...names].sort());
    expect(second.hasMore).toBe(false);

    expect((await page({ searchParam: 'gen' })).tags.map((t) => t.name)).toEqual(['Urgente']);
    expect((await page({ searchParam: 'AGIL' })).tags.map((t) => t.name)).toEqual(['Ágil']);

    const vip = first.tags.find((t) => t.name === 'Vip') ?? second.tags.find((t) => t.name === 'Vip')!;
    const edited = await apiCall('tickets', 'PUT', '/tags/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: vip.id },
      body: { name: 'Cliente VIP', color: '#FF0000' },
    });
    expect(edited.body).toMatchObject({ id: vip.id, name: 'Cliente VIP', color: '#FF0000', ticketsCount: 0 });
    expect((await page({ searchParam: 'cliente' })).tags.map((t) => t.id)).toEqual([vip.id]);

    const deleted = await apiCall('tickets', 'DELETE', '/tags/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: vip.id },
    });
    expect(deleted.status).toBe(204);
    expect(
      (await apiCall('tickets', 'GET', '/tags/{id}', { token: w.operatorA.token, pathParameters: { id: vip.id } })).status,
    ).toBe(404);
  });

  it("refuses a name under 3 characters ('Mensagem muito curta')", async () => {
    const res = await apiCall('tickets', 'POST', '/tags', { token: w.operatorA.token, body: { name: 'ab' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ name: TAG_MSG.nameTooShort });
  });
});

describe('tenancy', () => {
  it("another company neither reads, changes, deletes nor pages through a company's tags", async () => {
    const mine = await newTag('Só nossa');
    const other = await createWorkspace();
    const asOther = (method: 'GET' | 'PUT' | 'DELETE', body?: unknown) =>
      apiCall('tickets', method, '/tags/{id}', { token: other.admin.token, pathParameters: { id: mine.id }, body });

    expect((await asOther('GET')).status).toBe(404);
    expect((await asOther('PUT', { name: 'Invadida' })).status).toBe(404);
    expect((await asOther('DELETE')).status).toBe(404);
    const theirs = await apiCall('tickets', 'GET', '/tags', { token: other.admin.token, query: {} });
    expect((theirs.body as TagListAnswer).tags.map((t) => t.id)).not.toContain(mine.id);
    const myCursor = (await page()).cursor ?? Buffer.from(JSON.stringify({ PK: `C#${w.cid}#TAG` })).toString('base64url');
    const stolen = await apiCall('tickets', 'GET', '/tags', { token: other.admin.token, query: { cursor: myCursor } });
    expect(stolen.status).toBe(400);
    expect(await countOf(mine.id)).toBe(0);
  });
});

describe('ticket counts', () => {
  it('move as tickets gain and lose tags, once per change, and when a tagged ticket is deleted', async () => {
    const [a, b] = [await newTag('Conta A'), await newTag('Conta B')];
    const [t1, t2] = [await newTicket(), await newTicket()];

    expect((await sync(t1.id, [a.id, b.id])).status).toBe(200);
    expect((await sync(t1.id, [a.id, b.id])).status).toBe(200); // the same set again: nothing moves
    await sync(t2.id, [a.id]);
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([2, 1]);

    await sync(t1.id, [b.id]); // loses a
    expect([await countOf(a.id), await countOf(b.id)]).toEqual([1, 1]);

    const del = await apiCall('tickets', 'DELETE', '/tickets/{id}', { token: w.admin.token, pathParameters: { id: t2.id } });
    expect(del.status).toBe(204);
    expect(await countOf(a.id)).toBe(0);
  });

  it('concurrent syncs of one ticket leave the counts matching the final set', async () => {
    const tags = [await newTag('Corrida 1'), await newTag('Corrida 2'), await newTag('Corrida 3')];
    const t = await newTicket();
    const sets = [[tags[0]!.id], [tags[1]!.id, tags[2]!.id], [tags[0]!.id, tags[2]!.id], [], [tags[1]!.id]];

    const results = await Promise.all(sets.map((set) => sync(t.id, set)));

    expect(results.every((r) => r.status === 200)).toBe(true);
    const final = (await apiCall('tickets', 'GET', '/tickets/{id}', { token: w.admin.token, pathParameters: { id: t.id } }))
      .body.tags as TagDto[];
    const counts = await Promise.all(tags.map((tag) => countOf(tag.id)));
    expect(counts).toEqual(tags.map((tag) => (final.some((f) => f.id === tag.id) ? 1 : 0)));
  });

  it('a deleted tag is not re-created by a ticket losing it', async () => {
    const gone = await newTag('Temporária');
    const kept = await newTag('Permanente');
    const t = await newTicket();
    await sync(t.id, [gone.id, kept.id]);
    await apiCall('tickets', 'DELETE', '/tags/{id}', { token: w.operatorA.token, pathParameters: { id: gone.id } });

    expect((await sync(t.id, [kept.id])).status).toBe(200);

    expect(
      (await apiCall('tickets', 'GET', '/tags/{id}', { token: w.operatorA.token, pathParameters: { id: gone.id } })).status,
    ).toBe(404);
    expect((await page({ searchParam: 'tempor' })).tags).toEqual([]);
    expect(await countOf(kept.id)).toBe(1);
  });
});
