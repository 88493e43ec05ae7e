/**
 * Issue 26 item 1 "Settings → Options": the settings API (each key validated by its own schema, admins
 * only, live to the company's consoles) and, for every setting, the effect the product applies, each
 * driven by the value set through `PUT /settings/{key}` as the Options tab sets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelEvent, CompanySettingDto } from '@atende/shared';
import { CALL_REFUSED_MESSAGE } from '../src/domain/inbound/calls';
import { findContactIdByKey, getContact } from '../src/data/contacts';
import { epochMinute, listDueJobs } from '../src/data/due-work';
import { getConversation } from '../src/data/tickets';
import { forgetBotSetups } from '../src/domain/bots/bot-setup';
import { AUTO_CLOSE_JOB } from '../src/domain/bots/ticket-timers';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  deliver,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';
import { createTestTenant } from './support/tenancy-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

/** What the Options tab does: one PUT per control. The bots' own 5 s cache is dropped as its expiry would. */
async function setViaApi(key: string, value: string, token = w.admin.token) {
  const res = await apiCall('companies', 'PUT', '/settings/{key}', { token, pathParameters: { key }, body: { key, value } });
  forgetBotSetups();
  return res;
}
async function set(key: string, value: string) {
  const res = await setViaApi(key, value);
  if (res.status !== 200) throw new Error(`PUT /settings/${key}: ${res.status} ${JSON.stringify(res.body)}`);
}

const messagesOf = async (ticketId: string) =>
  (await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticketId } })).body
    .messages as { body: string; fromMe: boolean }[];

describe('the settings API', () => {
  it('lists every setting with its default, reads one by key, and 404s an unknown key', async () => {
    const all = await apiCall('companies', 'GET', '/settings', { token: w.operatorA.token });
    expect(all.status).toBe(200);
    const keys = (all.body as CompanySettingDto[]).map((s) => s.key);
    for (const key of ['userRating', 'scheduleType', 'call', 'CheckMsgIsGroup', 'chatBotType', 'autoCloseTicketsMinutes'])
      expect(keys).toContain(key);
    expect((all.body as CompanySettingDto[]).every((s) => s.companyId === w.cid)).toBe(true);
    expect((await apiCall('companies', 'GET', '/settings/all', { token: w.admin.token })).body).toHaveLength(keys.length);

    const one = await apiCall('companies', 'GET', '/settings/{key}', {
      token: w.operatorA.token,
      pathParameters: { key: 'allowsUserToUseInternalChat' },
    });
    expect(one).toMatchObject({ status: 200, body: { key: 'allowsUserToUseInternalChat', companyId: w.cid } });
    const unknown = await apiCall('companies', 'GET', '/settings/{key}', {
      token: w.admin.token,
      pathParameters: { key: 'nope' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_SETTING_FOUND' } });
  });

  it('validates each key by its own schema and lets only admins write', async () => {
    expect((await setViaApi('userRating', 'maybe')).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await setViaApi('scheduleType', 'enabled')).status).toBe(400);
    expect((await setViaApi('chatBotType', 'carousel')).status).toBe(400);
    expect((await setViaApi('ticketReopenWindowMinutes', '-1')).status).toBe(400);
    expect((await setViaApi('autoCloseTicketsMinutes', 'abc')).status).toBe(400);
    expect((await setViaApi('efiClientSecret', 'x')).status).toBe(400); // platform keys are not a company's
    expect((await setViaApi('userRating', 'enabled', w.operatorA.token)).status).toBe(403);
    const mismatch = await apiCall('companies', 'PUT', '/settings/{key}', {
      token: w.admin.token,
      pathParameters: { key: 'call' },
      body: { key: 'userRating', value: 'enabled' },
    });
    expect(mismatch.status).toBe(400);

    const ok = await setViaApi('scheduleType', 'queue');
    expect(ok).toMatchObject({ status: 200, body: { key: 'scheduleType', value: 'queue', companyId: w.cid } });
    await set('scheduleType', 'disabled');
  });

  it("writes only the caller's company", async () => {
    const other = await createTestTenant();
    const res = await setViaApi('userRating', 'enabled', other.admin.token);
    expect(res.body.companyId).toBe(other.company.id);
    const mine = await apiCall('companies', 'GET', '/settings/{key}', {
      token: w.admin.token,
      pathParameters: { key: 'userRating' },
    });
    expect(mine.body.value).toBe('disabled');
  });
});

describe('each setting has its effect', () => {
  it('userRating: resolving asks for the rating first', async () => {
    await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
      token: w.admin.token,
      pathParameters: { id: w.connection.id },
      body: { name: w.connection.name, queueIds: [w.queueA.id], ratingMessage: 'Avalie:', complationMessage: 'Tchau' },
    });
    const resolve = async () => {
      const number = newNumber();
      await customerSays(w, { number, body: 'oi' });
      const ticket = (await ticketOf(w, number))!;
      await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
      await putTicket(w.operatorA.token, ticket.id, { status: 'closed' });
      return (await messagesOf(ticket.id)).at(-1)!.body;
    };
    expect(await resolve()).toBe('Tchau');
    await set('userRating', 'enabled');
    try {
      expect(await resolve()).toContain('Avalie:');
    } finally {
      await set('userRating', 'disabled');
    }
  });

  it('CheckMsgIsGroup: a group opens a ticket only while it is disabled', async () => {
    const group = `1203631${Date.now() % 1e8}`;
    await customerSays(w, { number: group, isGroup: true, body: 'grupo' });
    expect(
      await getConversation(w.cid, w.connection.id, (await findContactIdByKey(w.cid, 'number', group))!),
    ).toBeUndefined();
    await set('CheckMsgIsGroup', 'disabled');
    try {
      await customerSays(w, { number: group, isGroup: true, body: 'de novo' });
      expect(await ticketOf(w, group)).toMatchObject({ isGroup: true });
    } finally {
      await set('CheckMsgIsGroup', 'enabled');
    }
  });

  it('addAlterConnection: operators manage connections only while it is enabled', async () => {
    const create = () =>
      apiCall('whatsapp', 'POST', '/whatsapp', { token: w.operatorA.token, body: { name: `Op ${newNumber()}` } });
    expect((await create()).status).toBe(403);
    await set('addAlterConnection', 'enabled');
    try {
      expect((await create()).status).toBe(201);
    } finally {
      await set('addAlterConnection', 'disabled');
    }
  });

  it('userViewTicketsWithoutDepartment: operators see queue-less tickets only while it is enabled', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'sem fila' });
    const ticket = (await ticketOf(w, number))!;
    await putTicket(w.admin.token, ticket.id, { queueId: null });
    const seen = async () =>
      (
        await apiCall('tickets', 'GET', '/tickets', { token: w.operatorB.token, query: { status: 'pending' } })
      ).body.tickets.some((t: { id: string }) => t.id === ticket.id);
    const opened = async () =>
      (
        await apiCall('tickets', 'GET', '/tickets/{id}', {
          token: w.operatorB.token,
          pathParameters: { id: ticket.id },
        })
      ).status;
    expect((await ticketOf(w, number))!.queueId).toBeNull();
    expect(await seen()).toBe(false);
    expect(await opened()).not.toBe(200);
    await set('userViewTicketsWithoutDepartment', 'enabled');
    try {
      expect(await seen()).toBe(true);
      expect(await opened()).toBe(200);
    } finally {
      await set('userViewTicketsWithoutDepartment', 'disabled');
    }
  });

  it('newLeadsNotWriteName: a new contact is named by its number, not by its WhatsApp name', async () => {
    const named = newNumber();
    await customerSays(w, { number: named, name: 'Maria Push', body: 'oi' });
    expect((await getContact(w.cid, (await findContactIdByKey(w.cid, 'number', named))!))!.name).toBe('Maria Push');
    await set('newLeadsNotWriteName', 'enabled');
    try {
      const unnamed = newNumber();
      await customerSays(w, { number: unnamed, name: 'João Push', body: 'oi' });
      const contact = (await getContact(w.cid, (await findContactIdByKey(w.cid, 'number', unnamed))!))!;
      expect(contact.name).toBe(unnamed);
    } finally {
      await set('newLeadsNotWriteName', 'disabled');
    }
  });

  it("userAlwaysSubmitSignature: an operator's message is signed even when they switch it off", async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const ticket = (await ticketOf(w, number))!;
    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    const send = (body: string) =>
      apiCall('messages', 'POST', '/messages/{id}', {
        token: w.operatorA.token,
        pathParameters: { id: ticket.id },
        body: { body, signature: false },
      });
    expect((await send('sem assinatura')).status).toBeLessThan(300);
    expect((await messagesOf(ticket.id)).at(-1)!.body).toBe('sem assinatura');
    await set('userAlwaysSubmitSignature', 'enabled');
    try {
      expect((await send('assinada')).status).toBeLessThan(300);
      expect((await messagesOf(ticket.id)).at(-1)!.body).toBe(`*${w.operatorA.user.name}:*\nassinada`);
    } finally {
      await set('userAlwaysSubmitSignature', 'disabled');
    }
  });

  it('allowsUserToUseInternalChat: stored and readable by operators (for the internal chat to come)', async () => {
    await set('allowsUserToUseInternalChat', 'disabled');
    const read = await apiCall('companies', 'GET', '/settings/{key}', {
      token: w.operatorA.token,
      pathParameters: { key: 'allowsUserToUseInternalChat' },
    });
    expect(read.body.value).toBe('disabled');
    const session = await apiCall('auth', 'GET', '/auth/me', { token: w.operatorA.token });
    expect(session.body.company.settings).toContainEqual({ key: 'allowsUserToUseInternalChat', value: 'disabled' });
    await set('allowsUserToUseInternalChat', 'enabled');
  });

  it('ticketReopenWindowMinutes: 0 never reopens a closed ticket', async () => {
    const closedTicket = async (number: string) => {
      await customerSays(w, { number, body: 'primeira' });
      const ticket = (await ticketOf(w, number))!;
      await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
      await putTicket(w.operatorA.token, ticket.id, { status: 'closed' });
      return ticket;
    };
    const within = newNumber();
    const first = await closedTicket(within);
    await customerSays(w, { number: within, body: 'voltei' });
    expect((await ticketOf(w, within))!.id).toBe(first.id);

    await set('ticketReopenWindowMinutes', '0');
    try {
      const never = newNumber();
      const closed = await closedTicket(never);
      await new Promise((r) => setTimeout(r, 5));
      await customerSays(w, { number: never, body: 'voltei' });
      expect((await ticketOf(w, never))!.id).not.toBe(closed.id);
    } finally {
      await set('ticketReopenWindowMinutes', '5');
    }
  });

  it('autoCloseTicketsMinutes: a new ticket is due to close after the minutes set', async () => {
    await set('autoCloseTicketsMinutes', '45');
    try {
      const number = newNumber();
      await customerSays(w, { number, body: 'oi' });
      const ticket = (await ticketOf(w, number))!;
      const dueAt = async (minutesAhead: number) =>
        (await listDueJobs(epochMinute(new Date(Date.now() + minutesAhead * 60_000)))).some(
          (j) => j.jobType === AUTO_CLOSE_JOB && j.jobId === ticket.id,
        );
      expect(await dueAt(45)).toBe(true);
      expect(await dueAt(120)).toBe(false);
    } finally {
      await set('autoCloseTicketsMinutes', '120');
    }
  });

  it('call: while disabled, a ringing call is refused and the caller asked for text, once per call', async () => {
    const ring = (callId: string, isGroup = false): ChannelEvent => ({
      eventId: `call:${w.connection.id}:${callId}`,
      companyId: w.cid,
      connectionId: w.connection.id,
      occurredAt: new Date().toISOString(),
      type: 'call.received',
      callId,
      from: { jid: `${newNumber()}@s.whatsapp.net` },
      isVideo: false,
      isGroup,
    });
    const commandsFor = async (callId: string) =>
      (await queues.take('outbound-0')).map((m) => m.body).filter((c) => String(c.commandId).startsWith(`call:${callId}`));

    await set('call', 'disabled');
    await queues.take('outbound-0');
    const refused = ring('CALL1');
    await deliver(refused);
    const commands = await commandsFor('CALL1');
    expect(commands.map((c) => c.type)).toEqual(['call.reject', 'message.send']);
    expect(commands[0]).toMatchObject({ callId: 'CALL1', from: refused.type === 'call.received' ? refused.from.jid : '' });
    expect(commands[1].text).toBe(CALL_REFUSED_MESSAGE);
    expect(commands[1].to).toBe(commands[0].from);

    await deliver(ring('GROUPCALL', true));
    expect(await commandsFor('GROUPCALL')).toEqual([]);
    await set('call', 'enabled');
    try {
      await deliver(ring('CALL2'));
      expect(await commandsFor('CALL2')).toEqual([]);
    } finally {
      await set('call', 'disabled');
    }
  });

  it('scheduleType company: out of the hours set on Settings → Hours, a new ticket gets the out-of-hours message', async () => {
    await apiCall('whatsapp', 'PUT', '/whatsapp/{id}', {
      token: w.admin.token,
      pathParameters: { id: w.connection.id },
      body: { name: w.connection.name, queueIds: [w.queueA.id], outOfHoursMessage: 'Estamos fechados.' },
    });
    const closedAllWeek = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => ({
      weekdayEn: d,
      startTime: '00:00',
      endTime: '00:00',
    }));
    const hours = await apiCall('companies', 'PUT', '/companies/{id}/schedules', {
      token: w.admin.token,
      pathParameters: { id: w.cid },
      body: { id: w.cid, schedules: closedAllWeek },
    });
    expect(hours.status).toBe(200);
    const firstReply = async () => {
      const number = newNumber();
      await customerSays(w, { number, body: 'oi' });
      return (await messagesOf((await ticketOf(w, number))!.id)).filter((m) => m.fromMe).map((m) => m.body);
    };
    expect(await firstReply()).not.toContain('Estamos fechados.');
    await set('scheduleType', 'company');
    try {
      expect(await firstReply()).toContain('Estamos fechados.');
    } finally {
      await set('scheduleType', 'disabled');
    }
  });
});

describe('live settings', () => {
  it("a change reaches the company's consoles with the new settings (company-<cid>-changed)", async () => {
    await queues.take('realtime'); // what earlier tests published
    const res = await setViaApi('call', 'enabled');
    expect(res.status).toBe(200);
    const events = (await queues.take('realtime')).map((m) => m.body);
    const changed = events.find((e) => e.kind === 'companyChanged' && e.companyId === w.cid);
    expect(changed).toMatchObject({ audience: { kind: 'company' }, data: { action: 'update' } });
    expect(changed.data.company.settings).toContainEqual({ key: 'call', value: 'enabled' });
    const me = await apiCall('auth', 'GET', '/auth/me', { token: w.operatorA.token });
    expect(me.body.company.settings).toContainEqual({ key: 'call', value: 'enabled' });
    await set('call', 'disabled');
  });
});
