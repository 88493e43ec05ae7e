/**
 * PUT/POST/GET/DELETE /tickets: every transition of spec part 1 §4 and every permission rule of §6,
 * through the real handlers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_MSG } from '@atende/shared';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  getTicket,
  listTickets,
  newNumber,
  putTicket,
  setCompanySetting,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';
import { createTestUser } from './support/tenancy-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

async function pendingTicket() {
  const number = newNumber();
  await customerSays(w, { number, body: 'preciso de ajuda' });
  return (await ticketOf(w, number))!;
}

describe('transitions (spec part 1 §4)', () => {
  it('accept → return → accept → resolve → reopen with a queue', async () => {
    const t = await pendingTicket();
    const token = w.operatorA.token;
    const me = w.operatorA.user.id;

    const accepted = await putTicket(token, t.id, { status: 'open', userId: me });
    expect(accepted.body).toMatchObject({ status: 'open', userId: me, user: { id: me, name: 'Operadora A' } });

    const returned = await putTicket(token, t.id, { status: 'pending', userId: null });
    expect(returned.body).toMatchObject({ status: 'pending', userId: null });

    await putTicket(token, t.id, { status: 'open', userId: me });
    const resolved = await putTicket(token, t.id, { status: 'closed' });
    expect(resolved.body).toMatchObject({ status: 'closed' });

    const noQueue = await putTicket(token, t.id, { status: 'open', queueId: null });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields.queueId).toBe(TICKET_MSG.selectQueue);

    const reopened = await putTicket(token, t.id, { status: 'open', queueId: w.queueA.id });
    expect(reopened.body).toMatchObject({ status: 'open', userId: me, queueId: w.queueA.id });
  });

  it('an admin reopens without a queue', async () => {
    const t = await pendingTicket();
    await putTicket(w.admin.token, t.id, { status: 'closed' });
    const reopened = await putTicket(w.admin.token, t.id, { status: 'open' });
    expect(reopened.body).toMatchObject({ status: 'open', userId: w.admin.user.id });
  });

  it('transfer to a queue only → pending without user; to a user → open for them', async () => {
    const t = await pendingTicket();
    await putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id });

    const toQueue = await putTicket(w.operatorA.token, t.id, { queueId: w.queueB.id, userId: null });
    expect(toQueue.body).toMatchObject({ status: 'pending', queueId: w.queueB.id, userId: null });
    // Operator A no longer sees it (queue B); operator B does.
    expect((await getTicket(w.operatorA.token, t.id)).status).toBe(403);
    expect((await getTicket(w.operatorB.token, t.id)).status).toBe(200);

    const toUser = await putTicket(w.operatorB.token, t.id, { queueId: w.queueA.id, userId: w.operatorA.user.id });
    expect(toUser.body).toMatchObject({ status: 'open', queueId: w.queueA.id, userId: w.operatorA.user.id });
  });

  it('a repeated accept is not an error; a concurrent accept by two operators assigns one of them', async () => {
    const t = await pendingTicket();
    const other = await createTestUser(w.cid, { name: 'Outra A', queueIds: [w.queueA.id] });
    const [a, b] = await Promise.all([
      putTicket(w.operatorA.token, t.id, { status: 'open', userId: w.operatorA.user.id }),
      putTicket(other.token, t.id, { status: 'open', userId: other.user.id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = (await getTicket(w.admin.token, t.id)).body;
    expect([w.operatorA.user.id, other.user.id]).toContain(final.userId);
    const counts = await listTickets(w.admin.token, {
      status: 'open',
      users: JSON.stringify([w.operatorA.user.id, other.user.id]),
    });
    expect(counts.tickets.filter((x) => x.id === t.id)).toHaveLength(1);
  });

  it('refuses a transition that makes no sense (closed → pending without a queue change)', async () => {
    const t = await pendingTicket();
    await putTicket(w.admin.token, t.id, { status: 'closed' });
    expect((await putTicket(w.admin.token, t.id, { status: 'pending' })).status).toBe(400);
  });
});

describe('visibility (spec part 1 §6)', () => {
  it('operators see only their queues\' tickets: "Acesso não permitido" otherwise', async () => {
    const t = await pendingTicket(); // queue A
    expect((await getTicket(w.operatorA.token, t.id)).status).toBe(200);
    const denied = await getTicket(w.operatorB.token, t.id);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    expect((await putTicket(w.operatorB.token, t.id, { status: 'open', userId: w.operatorB.user.id })).status).toBe(403);
    expect(
      (await apiCall('tickets', 'GET', '/tickets/u/{uuid}', { token: w.operatorB.token, pathParameters: { uuid: t.uuid } }))
        .status,
    ).toBe(403);
    const byUuid = await apiCall('tickets', 'GET', '/tickets/u/{uuid}', {
      token: w.operatorA.token,
      pathParameters: { uuid: t.uuid },
    });
    expect(byUuid.body.id).toBe(t.id);
    expect((await listTickets(w.operatorB.token, { status: 'pending' })).tickets.some((x) => x.id === t.id)).toBe(false);
  });

  it('queue-less tickets: admins always, operators only with userViewTicketsWithoutDepartment', async () => {
    const noQueues = await createWorkspace({ connectionQueues: 'none' });
    const number = newNumber();
    await customerSays(noQueues, { number, body: 'sem fila' });
    const t = (await ticketOf(noQueues, number))!;
    expect(t.queueId).toBeNull();
    expect((await getTicket(noQueues.operatorA.token, t.id)).status).toBe(403);
    expect((await listTickets(noQueues.operatorA.token, { status: 'pending' })).tickets).toHaveLength(0);

    await setCompanySetting(noQueues, 'userViewTicketsWithoutDepartment', 'enabled');
    expect((await getTicket(noQueues.operatorA.token, t.id)).status).toBe(200);
    expect((await listTickets(noQueues.operatorA.token, { status: 'pending' })).tickets.map((x) => x.id)).toEqual([t.id]);
  });

  it('showAll, the user filter and delete are for admins only', async () => {
    const t = await pendingTicket();
    expect(
      (await apiCall('tickets', 'GET', '/tickets', { token: w.operatorA.token, query: { status: 'open', showAll: 'true' } }))
        .status,
    ).toBe(403);
    expect(
      (await apiCall('tickets', 'GET', '/tickets', { token: w.operatorA.token, query: { users: `["${w.admin.user.id}"]` } }))
        .status,
    ).toBe(403);
    expect(
      (await apiCall('tickets', 'DELETE', '/tickets/{id}', { token: w.operatorA.token, pathParameters: { id: t.id } }))
        .status,
    ).toBe(403);

    expect(
      (await apiCall('tickets', 'DELETE', '/tickets/{id}', { token: w.admin.token, pathParameters: { id: t.id } })).status,
    ).toBe(204);
    expect((await getTicket(w.admin.token, t.id)).status).toBe(404);
    // The conversation is free again: the next message opens a new ticket.
    await customerSays(w, { number: t.contact.number, body: 'de novo' });
    expect((await ticketOf(w, t.contact.number))!.id).not.toBe(t.id);
  });

  it("another company's ticket is simply not found", async () => {
    const t = await pendingTicket();
    const other = await createWorkspace();
    expect((await getTicket(other.admin.token, t.id)).status).toBe(404);
    expect((await putTicket(other.admin.token, t.id, { status: 'closed' })).status).toBe(404);
  });
});

describe('POST /tickets (new ticket modal)', () => {
  async function contact() {
    const res = await apiCall('contacts', 'POST', '/contacts', {
      token: w.admin.token,
      body: { name: 'Cliente Novo', number: newNumber() },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string };
  }

  it('opens a ticket assigned to the caller in the chosen queue; a second one is ERR_OTHER_OPEN_TICKET', async () => {
    const c = await contact();
    const created = await apiCall('tickets', 'POST', '/tickets', {
      token: w.operatorA.token,
      body: { contactId: c.id, queueId: w.queueA.id, status: 'open' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      userId: w.operatorA.user.id,
      queueId: w.queueA.id,
      whatsappId: w.connection.id,
    });

    const again = await apiCall('tickets', 'POST', '/tickets', {
      token: w.admin.token,
      body: { contactId: c.id, queueId: w.queueA.id },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('ERR_OTHER_OPEN_TICKET');
  });

  it('needs a queue unless admin; operators cannot assign others', async () => {
    const c = await contact();
    const noQueue = await apiCall('tickets', 'POST', '/tickets', { token: w.operatorA.token, body: { contactId: c.id } });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields.queueId).toBe(TICKET_MSG.selectQueue);
    const forOther = await apiCall('tickets', 'POST', '/tickets', {
      token: w.operatorA.token,
      body: { contactId: c.id, queueId: w.queueA.id, userId: w.operatorB.user.id },
    });
    expect(forOther.status).toBe(403);
    expect((await apiCall('tickets', 'POST', '/tickets', { token: w.admin.token, body: { contactId: c.id } })).status).toBe(
      201,
    );
  });
});

describe('GET /tickets lists and counts', () => {
  it('open = mine, pending = my queues, counts maintained on write, cursor paging without repeats', async () => {
    const ws = await createWorkspace();
    for (let i = 0; i < 25; i++) await customerSays(ws, { number: newNumber(), body: `cliente ${i}` });
    const first = await listTickets(ws.operatorA.token, { status: 'pending' });
    expect(first.count).toBe(25);
    expect(first.tickets).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    const second = await listTickets(ws.operatorA.token, { status: 'pending', cursor: first.cursor });
    expect(second.tickets).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    const all = [...first.tickets, ...second.tickets];
    expect(new Set(all.map((t) => t.id)).size).toBe(25);
    expect(all.map((t) => t.updatedAt)).toEqual([...all.map((t) => t.updatedAt)].sort().reverse());
    const byPage = await listTickets(ws.operatorA.token, { status: 'pending', pageNumber: 2 });
    expect(byPage.tickets.map((t) => t.id)).toEqual(second.tickets.map((t) => t.id));

    for (const t of all.slice(0, 3))
      await putTicket(ws.operatorA.token, t.id, { status: 'open', userId: ws.operatorA.user.id });
    const open = await listTickets(ws.operatorA.token, { status: 'open' });
    expect(open.count).toBe(3);
    expect(open.tickets.map((t) => t.id).sort()).toEqual(
      all
        .slice(0, 3)
        .map((t) => t.id)
        .sort(),
    );
    expect((await listTickets(ws.operatorA.token, { status: 'pending' })).count).toBe(22);
    expect((await listTickets(ws.operatorB.token, { status: 'pending' })).count).toBe(0);
    expect((await listTickets(ws.admin.token, { status: 'open', showAll: true })).count).toBe(3);
    expect((await listTickets(ws.admin.token, { status: 'open' })).count).toBe(0);

    await putTicket(ws.operatorA.token, all[0]!.id, { status: 'closed' });
    expect((await listTickets(ws.operatorA.token, { status: 'open' })).count).toBe(2);
    expect((await listTickets(ws.operatorA.token, { status: 'closed' })).tickets.map((t) => t.id)).toEqual([all[0]!.id]);
  });

  it('withUnreadMessages and tags filter the list', async () => {
    const t = await pendingTicket();
    const tag = await apiCall('tickets', 'POST', '/tags', { token: w.admin.token, body: { name: `VIP ${Date.now()}` } });
    expect(tag.status).toBe(201);
    expect(tag.body.color).toMatch(/^#[0-9A-F]{6}$/);
    const synced = await apiCall('tickets', 'POST', '/tags/sync', {
      token: w.operatorA.token,
      body: { ticketId: t.id, tags: [{ id: tag.body.id }] },
    });
    expect(synced.body.tags).toEqual([tag.body]);

    const tagged = await listTickets(w.admin.token, { tags: JSON.stringify([tag.body.id]) });
    expect(tagged.tickets.map((x) => x.id)).toEqual([t.id]);
    const unread = await listTickets(w.operatorA.token, { status: 'pending', withUnreadMessages: true });
    expect(unread.tickets.every((x) => x.unreadMessages > 0)).toBe(true);
    expect(unread.tickets.some((x) => x.id === t.id)).toBe(true);
  });
});
