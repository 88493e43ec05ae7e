/**
 * Internal chat (spec part 3 §2 "Internal chat", §6, §7): creation by admins or by anyone when
 * allowsUserToUseInternalChat is on, owner-only edit and delete, members-only access (404 to anyone
 * else, other companies included), messages paged newest first, unread counts and read marking.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_PAGE_SIZE, CHAT_PAGE_SIZE, type ChatDto, type ChatMessageDto } from '@atende/shared';
import { putSetting } from '../src/data/settings';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { createTestTenant, createTestUser, type TestUser } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
let a: Tenant;
let b: Tenant;
let ana: TestUser; // a second operator of company A

beforeAll(async () => {
  await useFreshTable();
  [a, b] = [await createTestTenant(), await createTestTenant()];
  ana = await createTestUser(a.company.id, { name: 'Ana' });
});

const members = (...users: TestUser[]) => users.map((u) => ({ id: u.user.id, name: u.user.name }));
const create = (token: string, body: unknown) => apiCall('chats', 'POST', '/chats', { token, body });
const update = (token: string, id: string, body: unknown) =>
  apiCall('chats', 'PUT', '/chats/{id}', { token, pathParameters: { id }, body });
const remove = (token: string, id: string) => apiCall('chats', 'DELETE', '/chats/{id}', { token, pathParameters: { id } });
const show = (token: string, id: string) => apiCall('chats', 'GET', '/chats/{id}', { token, pathParameters: { id } });
const list = (token: string, cursor?: string) => apiCall('chats', 'GET', '/chats', { token, query: { cursor } });
const send = (token: string, id: string, message: string) =>
  apiCall('chats', 'POST', '/chats/{id}/messages', { token, pathParameters: { id }, body: { message } });
const messages = (token: string, id: string, query: Record<string, string | number> = {}) =>
  apiCall('chats', 'GET', '/chats/{id}/messages', { token, pathParameters: { id }, query });
const read = (token: string, id: string, body: unknown = {}) =>
  apiCall('chats', 'POST', '/chats/{id}/read', { token, pathParameters: { id }, body });
const unread = async (token: string) => (await apiCall('chats', 'GET', '/chats/unread', { token })).body.total as number;
const unreadsIn = (chat: ChatDto, user: TestUser) => chat.users.find((u) => u.userId === user.user.id)?.unreads;

describe('who may create, edit and delete (spec part 3 §6)', () => {
  it('a user creates only when allowsUserToUseInternalChat is enabled; an admin always', async () => {
    await putSetting(a.company.id, 'allowsUserToUseInternalChat', 'disabled');
    const refused = await create(a.operator.token, { title: 'Equipe', users: members(ana) });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    expect((await create(a.admin.token, { title: 'Admins', users: members(ana) })).status).toBe(201);

    await putSetting(a.company.id, 'allowsUserToUseInternalChat', 'enabled');
    const allowed = await create(a.operator.token, { title: 'Equipe', users: members(ana) });
    expect(allowed.status).toBe(201);
    // the creator is always a member and the owner, named by their own record
    expect(allowed.body).toMatchObject({ title: 'Equipe', ownerId: a.operator.user.id, lastMessage: '' });
    expect(allowed.body.users.map((u: { userId: string }) => u.userId).sort()).toEqual(
      [a.operator.user.id, ana.user.id].sort(),
    );
    expect(allowed.body.uuid).toBe(allowed.body.id);
  });

  it('only the owner edits or deletes; other members get 403', async () => {
    const chat = (await create(a.operator.token, { title: 'Plantão', users: members(ana) })).body as ChatDto;
    expect((await update(ana.token, chat.id, { title: 'Meu', users: members(ana) })).status).toBe(403);
    expect((await remove(ana.token, chat.id)).status).toBe(403);

    const edited = await update(a.operator.token, chat.id, { title: 'Plantão noturno', users: members(ana, a.admin) });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Plantão noturno');
    expect(edited.body.users).toHaveLength(3);

    expect((await remove(a.operator.token, chat.id)).status).toBe(204);
    expect((await show(a.operator.token, chat.id)).status).toBe(404);
    expect((await list(ana.token)).body.records.map((c: ChatDto) => c.id)).not.toContain(chat.id);
  });

  it('members must be users of the same company; an empty title is a 400', async () => {
    const foreign = await create(a.admin.token, { title: 'Mistura', users: members(b.operator) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_USER_FOUND');
    expect((await create(a.admin.token, { title: '  ', users: [] })).status).toBe(400);
  });
});

describe('members whose user was deleted', () => {
  it('are dropped by the next edit instead of refusing it', async () => {
    const leaving = await createTestUser(a.company.id, { name: 'Demitido' });
    const chat = (await create(a.admin.token, { title: 'Turno', users: members(ana, leaving) })).body as ChatDto;
    const gone = await apiCall('users', 'DELETE', '/users/{id}', {
      token: a.admin.token,
      pathParameters: { id: leaving.user.id },
    });
    expect(gone.status).toBeLessThan(300);

    const edited = await update(a.admin.token, chat.id, { title: 'Turno B', users: members(ana, leaving) });
    expect(edited.status).toBe(200);
    expect(edited.body.users.map((u: { userId: string }) => u.userId).sort()).toEqual([a.admin.user.id, ana.user.id].sort());
    // someone who never was a member must still exist
    expect((await update(a.admin.token, chat.id, { title: 'x', users: members(leaving) })).status).toBe(404);
  });
});

describe('members only (tenant and membership isolation)', () => {
  it('a non-member of the company and any user of another company get 404 on every chat route', async () => {
    const chat = (await create(a.admin.token, { title: 'Gestão', users: members(ana) })).body as ChatDto;
    await send(a.admin.token, chat.id, 'só para nós');
    for (const outsider of [a.operator, b.admin, b.operator]) {
      const answers = [
        await show(outsider.token, chat.id),
        await update(outsider.token, chat.id, { title: 'x', users: [] }),
        await remove(outsider.token, chat.id),
        await messages(outsider.token, chat.id),
        await send(outsider.token, chat.id, 'olá'),
        await read(outsider.token, chat.id),
      ];
      expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    }
    // nothing of company A in B's list; the outsider of A does not list it either
    expect((await list(b.admin.token)).body.records).toEqual([]);
    expect((await list(a.operator.token)).body.records.map((c: ChatDto) => c.id)).not.toContain(chat.id);
    expect((await messages(ana.token, chat.id)).body.records.map((m: ChatMessageDto) => m.message)).toEqual(['só para nós']);
  });

  it('a member removed by an edit loses the chat at once', async () => {
    const chat = (await create(a.admin.token, { title: 'Temporário', users: members(ana) })).body as ChatDto;
    await send(a.admin.token, chat.id, 'oi Ana');
    expect(await unread(ana.token)).toBeGreaterThan(0);
    const before = await unread(ana.token);
    await update(a.admin.token, chat.id, { title: 'Temporário', users: [] });
    expect((await show(ana.token, chat.id)).status).toBe(404);
    // her unread count of that chat left her total
    expect(await unread(ana.token)).toBe(before - 1);
  });
});

describe('messages: paging, unreads and read marking', () => {
  it('pages newest first by cursor and by pageNumber, with hasMore', async () => {
    const chat = (await create(a.admin.token, { title: 'Paginado', users: members(ana) })).body as ChatDto;
    const total = CHAT_MESSAGE_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++)
      expect((await send(i % 2 ? a.admin.token : ana.token, chat.id, `m${i}`)).status).toBe(201);

    const first = (await messages(ana.token, chat.id)).body;
    expect(first.hasMore).toBe(true);
    expect(first.records).toHaveLength(CHAT_MESSAGE_PAGE_SIZE);
    expect(first.records[0]).toMatchObject({
      message: `m${total}`,
      senderId: a.admin.user.id,
      sender: { name: 'Admin Teste' },
    });
    expect(first.records[1]).toMatchObject({ senderId: ana.user.id, sender: { name: 'Ana' } });

    const older = (await messages(ana.token, chat.id, { cursor: first.cursor })).body;
    expect(older.hasMore).toBe(false);
    expect(older.records.map((m: ChatMessageDto) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);

    const second = (await messages(ana.token, chat.id, { pageNumber: 2 })).body;
    expect(second.records.map((m: ChatMessageDto) => m.message)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect((await messages(ana.token, chat.id, { pageNumber: 3 })).body).toEqual({ records: [], hasMore: false });
    // a cursor of another chat starts over instead of reading elsewhere
    const other = (await create(a.admin.token, { title: 'Outro', users: members(ana) })).body as ChatDto;
    expect((await messages(ana.token, other.id, { cursor: first.cursor })).body.records).toEqual([]);
  });

  it("counts each member's unreads, totals them, and marks only the caller read", async () => {
    const bia = await createTestUser(a.company.id, { name: 'Bia' });
    const one = (await create(a.admin.token, { title: 'Um', users: members(bia, ana) })).body as ChatDto;
    const two = (await create(a.admin.token, { title: 'Dois', users: members(bia) })).body as ChatDto;
    await send(a.admin.token, one.id, 'primeira');
    await send(a.admin.token, one.id, 'segunda');
    await send(bia.token, one.id, 'da Bia');
    await send(a.admin.token, two.id, 'outra conversa');

    const seen = (await show(bia.token, one.id)).body as ChatDto;
    expect(unreadsIn(seen, bia)).toBe(2);
    expect(unreadsIn(seen, a.admin)).toBe(1);
    expect(seen.lastMessage).toBe('da Bia');
    expect(await unread(bia.token)).toBe(3);

    // the list shows newest activity first with the counts
    const mine = (await list(bia.token)).body.records as ChatDto[];
    expect(mine.map((c) => c.title)).toEqual(['Dois', 'Um']);

    // a userId in the body is ignored: Bia marks herself read, never the admin
    const marked = await read(bia.token, one.id, { userId: a.admin.user.id });
    expect(marked.status).toBe(200);
    expect(unreadsIn(marked.body, bia)).toBe(0);
    expect(unreadsIn(marked.body, a.admin)).toBe(1);
    expect(await unread(bia.token)).toBe(1);
    expect(unreadsIn((await show(a.admin.token, one.id)).body, a.admin)).toBe(1);
    expect((await read(bia.token, one.id)).status).toBe(200); // again: nothing to clear

    // deleting a chat takes its unreads off every member's total
    await remove(a.admin.token, two.id);
    expect(await unread(bia.token)).toBe(0);
  });

  it('refuses an empty message; the list pages by cursor', async () => {
    const carla = await createTestUser(a.company.id, { name: 'Carla' });
    const ids: string[] = [];
    for (let i = 0; i < CHAT_PAGE_SIZE + 2; i++)
      ids.push((await create(a.admin.token, { title: `Sala ${i}`, users: members(carla) })).body.id);
    expect((await send(carla.token, ids[0]!, '   ')).status).toBe(400);

    const first = (await list(carla.token)).body;
    expect(first.records).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const rest = (await list(carla.token, first.cursor)).body;
    const seen = [...first.records, ...rest.records].map((c: ChatDto) => c.id);
    expect(new Set(seen).size).toBe(ids.length);
    expect(seen.sort()).toEqual([...ids].sort());
  });
});
