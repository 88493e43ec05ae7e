/**
 * Internal chat live updates (spec part 3 §4; issue 27 "only members ever receive a chat's events"):
 * the chat's events are addressed to its members (audience `users`) and the fan-out posts them to
 * those users' sockets only — a socket of a non-member of the same company gets no frame.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audienceIncludes, realtimeChannel, type ChatDto, type RealtimeRecipient } from '@atende/shared';
import { parseRealtimeQueueEvent } from '../src/domain/fanout/fanout-event-schema';
import { apiCall } from './support/api-event';
import { useRealtimeHarness } from './support/realtime-harness';
import { createTestUser, type TestUser } from './support/tenancy-fixtures';

let h: Awaited<ReturnType<typeof useRealtimeHarness>>;
let ana: TestUser;

beforeAll(async () => {
  h = await useRealtimeHarness();
  ana = await createTestUser(h.a.company.id, { name: 'Ana' });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  await h.deliver();
  h.endpoint.reset();
});

const recipient = (userId: string): RealtimeRecipient => ({
  userId,
  companyId: 'c1',
  profile: 'admin',
  super: true,
  viewingTicketId: null,
});

describe('the users audience', () => {
  it('includes the named users only, admins and super users of the company included', () => {
    const audience = { kind: 'users' as const, userIds: ['u1', 'u2'] };
    expect(audienceIncludes(audience, recipient('u1'), {})).toBe(true);
    expect(audienceIncludes(audience, recipient('u3'), {})).toBe(false);
  });

  it('travels through the realtime queue body', () => {
    const event = parseRealtimeQueueEvent(
      JSON.stringify({
        eventId: 'e1',
        companyId: 'c1',
        kind: 'chat',
        data: { action: 'delete', chatId: 'x' },
        audience: { kind: 'users', userIds: ['u1'] },
        publishedAt: new Date().toISOString(),
      }),
    );
    expect(event.audience).toEqual({ kind: 'users', userIds: ['u1'] });
  });
});

describe('chat events reach the members only', () => {
  it('two users chat; a third of the same company, and another company, receive no frame', async () => {
    const { a, b } = h;
    const admin = (await h.connect(a.admin.token)).connectionId;
    const anaSocket = (await h.connect(ana.token)).connectionId;
    const outsider = (await h.connect(a.operator.token)).connectionId; // same company, not a member
    const otherCompany = (await h.connect(b.admin.token)).connectionId;

    const created = await apiCall('chats', 'POST', '/chats', {
      token: a.admin.token,
      body: { title: 'Só nós dois', users: [{ id: ana.user.id, name: 'Ana' }] },
    });
    const chat = created.body as ChatDto;
    await apiCall('chats', 'POST', '/chats/{id}/messages', {
      token: a.admin.token,
      pathParameters: { id: chat.id },
      body: { message: 'Oi, Ana' },
    });
    await h.deliver();

    const channel = realtimeChannel.chat(a.company.id);
    expect(h.endpoint.framesOf(admin, channel).map((f) => f.data.action)).toEqual(['create', 'new-message']);
    const anaFrames = h.endpoint.framesOf(anaSocket, channel);
    expect(anaFrames.map((f) => f.data.action)).toEqual(['create', 'new-message']);
    // the recipient's unread count travels with the message
    const forAna = anaFrames[1]!.data as unknown as { chat: ChatDto; message: { message: string } };
    expect(forAna.message.message).toBe('Oi, Ana');
    expect(forAna.chat.users.find((u) => u.userId === ana.user.id)?.unreads).toBe(1);

    expect(h.endpoint.framesOf(outsider)).toEqual([]);
    expect(h.endpoint.framesOf(otherCompany)).toEqual([]);
  });

  it("a read mark reaches the reader's own sockets only", async () => {
    const { a } = h;
    const created = await apiCall('chats', 'POST', '/chats', {
      token: a.admin.token,
      body: { title: 'Lidas', users: [{ id: ana.user.id }] },
    });
    await apiCall('chats', 'POST', '/chats/{id}/messages', {
      token: a.admin.token,
      pathParameters: { id: created.body.id },
      body: { message: 'leia' },
    });
    await h.deliver();
    h.endpoint.reset();
    const admin = (await h.connect(a.admin.token)).connectionId;
    const anaPhone = (await h.connect(ana.token)).connectionId;

    await apiCall('chats', 'POST', '/chats/{id}/read', { token: ana.token, pathParameters: { id: created.body.id } });
    await h.deliver();

    const frames = h.endpoint.framesOf(anaPhone, realtimeChannel.chat(a.company.id));
    expect(frames.map((f) => f.data.action)).toEqual(['update']);
    const read = frames[0]!.data as unknown as { chat: ChatDto };
    expect(read.chat.users.find((u) => u.userId === ana.user.id)?.unreads).toBe(0);
    expect(h.endpoint.framesOf(admin)).toEqual([]);
  });

  it('a member removed by an edit gets a delete and nothing after it', async () => {
    const { a } = h;
    const created = await apiCall('chats', 'POST', '/chats', {
      token: a.admin.token,
      body: { title: 'Temporário', users: [{ id: ana.user.id }] },
    });
    await h.deliver();
    const anaSocket = (await h.connect(ana.token)).connectionId;

    await apiCall('chats', 'PUT', '/chats/{id}', {
      token: a.admin.token,
      pathParameters: { id: created.body.id },
      body: { title: 'Temporário', users: [] },
    });
    await apiCall('chats', 'POST', '/chats/{id}/messages', {
      token: a.admin.token,
      pathParameters: { id: created.body.id },
      body: { message: 'sem a Ana' },
    });
    await h.deliver();

    expect(h.endpoint.framesOf(anaSocket, realtimeChannel.chat(a.company.id)).map((f) => f.data)).toEqual([
      { action: 'delete', chatId: created.body.id },
    ]);
  });
});
