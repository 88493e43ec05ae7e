/**
 * WebSocket API: `$connect` admits only valid access tokens of active users and remembers the
 * token's expiry; `$default` joins a console to the room of the ticket it shows, only when its user
 * may see that ticket (shared `maySeeTicket`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { findWsConnectionCompany, getWsConnection, listCompanyWsConnections } from '../src/data/ws-connections';
import { putSetting } from '../src/data/settings';
import { provideTicketFacts } from '../src/domain/realtime/ticket-facts';
import { useRealtimeHarness } from './support/realtime-harness';
import { createTestTenant, createTestUser, tokenFor } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
let h: Awaited<ReturnType<typeof useRealtimeHarness>>;
let a: Tenant;
let b: Tenant;

/** Tickets of the test: ticket id → facts (the tickets area provides the real loader). */
const tickets = new Map<string, { companyId: string; queueId: string | null; userId: string | null }>();

beforeAll(async () => {
  h = await useRealtimeHarness();
  ({ a, b } = h);
  provideTicketFacts(async (companyId, ticketId) => {
    const t = tickets.get(ticketId);
    return t && t.companyId === companyId ? { queueId: t.queueId, userId: t.userId } : undefined;
  });
});
afterAll(async () => {
  provideTicketFacts(async () => undefined);
  await h?.stop();
});
beforeEach(() => h.endpoint.reset());

describe('$connect', () => {
  it('refuses sockets without a valid, unexpired access token and stores nothing', async () => {
    const expired = await tokenFor(a.admin.user, -60);
    const forged = (await tokenFor(a.admin.user)).slice(0, -4) + 'AAAA';
    const answers = [
      await h.connect(undefined),
      await h.connect('not-a-jwt'),
      await h.connect(expired),
      await h.connect(forged),
    ];

    expect(answers.map((x) => x.answer)).toEqual(Array(4).fill({ statusCode: 401 }));
    for (const { connectionId } of answers) expect(await findWsConnectionCompany(connectionId)).toBeUndefined();
  });

  it('refuses a still-valid token of a deactivated user', async () => {
    const inactive = await createTestUser(a.company.id, { status: false });
    const { answer, connectionId } = await h.connect(inactive.token);
    expect(answer).toEqual({ statusCode: 401 });
    expect(await findWsConnectionCompany(connectionId)).toBeUndefined();
  });

  it("stores the socket under the token's company with the token's expiry; $disconnect removes it (twice is harmless)", async () => {
    const token = await tokenFor(a.operator.user, 600);
    const { connectionId, answer } = await h.connect(token);
    expect(answer).toEqual({ statusCode: 200 });
    const stored = (await listCompanyWsConnections(a.company.id)).find((s) => s.connectionId === connectionId);
    expect(stored).toMatchObject({ userId: a.operator.user.id, profile: 'user', super: false, viewingTicketId: null });
    expect(Math.abs(stored!.tokenExpiresAt - (Date.now() / 1000 + 600))).toBeLessThan(30);

    await h.realtime(h.wsEvent('$disconnect', connectionId));
    await h.realtime(h.wsEvent('$disconnect', connectionId));

    expect((await listCompanyWsConnections(a.company.id)).some((s) => s.connectionId === connectionId)).toBe(false);
  });
});

describe('$default: ticket rooms', () => {
  it('joins an operator to a ticket of their queue, and leaves it', async () => {
    const operator = await createTestUser(a.company.id, { queueIds: ['queue-A'] });
    const ticketId = ulid();
    tickets.set(ticketId, { companyId: a.company.id, queueId: 'queue-A', userId: null });
    const { connectionId } = await h.connect(operator.token);

    expect(await h.send(connectionId, { action: 'joinTicket', ticketId })).toEqual({
      channel: 'room',
      data: { action: 'joined', ticketId },
    });
    expect((await getWsConnection(a.company.id, connectionId))?.viewingTicketId).toBe(ticketId);

    expect(await h.send(connectionId, { action: 'leaveTicket' })).toEqual({ channel: 'room', data: { action: 'left' } });
    expect((await getWsConnection(a.company.id, connectionId))?.viewingTicketId).toBeNull();
  });

  it("refuses a ticket of another queue, an unknown ticket and another company's ticket", async () => {
    const operator = await createTestUser(a.company.id, { queueIds: ['queue-A'] });
    const ofQueueB = ulid();
    const ofCompanyB = ulid();
    tickets.set(ofQueueB, { companyId: a.company.id, queueId: 'queue-B', userId: null });
    tickets.set(ofCompanyB, { companyId: b.company.id, queueId: 'queue-A', userId: null });
    const { connectionId } = await h.connect(operator.token);

    for (const ticketId of [ofQueueB, ulid(), ofCompanyB]) {
      expect(await h.send(connectionId, { action: 'joinTicket', ticketId })).toEqual({
        channel: 'room',
        data: { action: 'refused', ticketId },
      });
      expect((await getWsConnection(a.company.id, connectionId))?.viewingTicketId).toBeNull();
    }
  });

  it('a refused join also leaves the previous room', async () => {
    const operator = await createTestUser(a.company.id, { queueIds: ['queue-A'] });
    const mine = ulid();
    const notMine = ulid();
    tickets.set(mine, { companyId: a.company.id, queueId: 'queue-A', userId: null });
    tickets.set(notMine, { companyId: a.company.id, queueId: 'queue-B', userId: null });
    const { connectionId } = await h.connect(operator.token);
    await h.send(connectionId, { action: 'joinTicket', ticketId: mine });

    await h.send(connectionId, { action: 'joinTicket', ticketId: notMine });

    expect((await getWsConnection(a.company.id, connectionId))?.viewingTicketId).toBeNull();
  });

  it('queue-less tickets: joinable by operators only when userViewTicketsWithoutDepartment is enabled; always by admins and the assignee', async () => {
    const company = await createTestTenant();
    const operator = await createTestUser(company.company.id, { queueIds: ['queue-A'] });
    const queueless = ulid();
    const assigned = ulid();
    tickets.set(queueless, { companyId: company.company.id, queueId: null, userId: null });
    tickets.set(assigned, { companyId: company.company.id, queueId: 'queue-Z', userId: operator.user.id });
    const op = (await h.connect(operator.token)).connectionId;
    const admin = (await h.connect(company.admin.token)).connectionId;
    const join = async (id: string, ticketId: string) => (await h.send(id, { action: 'joinTicket', ticketId })).data.action;

    expect(await join(op, queueless)).toBe('refused');
    expect(await join(admin, queueless)).toBe('joined');
    expect(await join(op, assigned)).toBe('joined');
    await putSetting(company.company.id, 'userViewTicketsWithoutDepartment', 'enabled');
    expect(await join(op, queueless)).toBe('joined');
  });

  it('ignores garbage, unknown actions and frames of unknown sockets', async () => {
    const { connectionId } = await h.connect(a.admin.token);
    expect(await h.send(connectionId, 'garbage')).toBeUndefined();
    expect(await h.send(connectionId, { action: 'joinTicket' })).toBeUndefined();
    expect(await h.send(connectionId, { action: 'sudo' })).toBeUndefined();
    expect(await h.send(ulid(), { action: 'leaveTicket' })).toBeUndefined();
    expect(h.endpoint.postCount).toBe(0);
  });
});
