/**
 * The /schedules page's API (spec part 3 "GET /schedules/ (searchParam, pageNumber) returns
 * schedules, hasMore; DELETE /schedules/{id}"): the company's schedules by send time, paged by
 * cursor, and a word search kept on write (body, contact name and number), both O(page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE, type ContactDto, type ScheduleDto, type ScheduleListAnswer } from '@atende/shared';
import { apiCall } from './support/api-event';
import { createWorkspace, newNumber, startWorkspaceEmulators, type Workspace } from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
let other: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  [w, other] = await Promise.all([createWorkspace(), createWorkspace()]);
});
afterAll(async () => {
  await queues?.stop();
});

const inMinutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const list = async (ws: Workspace, query: Record<string, string> = {}) => {
  const res = await apiCall('messages', 'GET', '/schedules', { token: ws.operatorB.token, query });
  expect(res.status).toBe(200);
  return res.body as ScheduleListAnswer;
};
const ids = (answer: ScheduleListAnswer) => answer.schedules.map((s) => s.id);

async function contact(ws: Workspace, name: string, number = newNumber()): Promise<ContactDto> {
  const res = await apiCall('contacts', 'POST', '/contacts', { token: ws.admin.token, body: { name, number } });
  expect(res.status).toBe(201);
  return res.body;
}
async function schedule(ws: Workspace, contactId: string, body: string, minutes: number): Promise<ScheduleDto> {
  const res = await apiCall('messages', 'POST', '/schedules', {
    token: ws.operatorA.token,
    body: { body, contactId, sendAt: inMinutes(minutes) },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('GET /schedules (the schedules page)', () => {
  it('lists the company by send time, latest first, a page at a time with hasMore and a cursor', async () => {
    const c = await contact(w, 'Paginação Silva');
    const made: ScheduleDto[] = [];
    // created out of time order: the list follows sendAt, not creation
    for (const minutes of Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ((i * 7) % 23) + 10))
      made.push(await schedule(w, c.id, `Lembrete número ${minutes}`, minutes));
    const expected = [...made].sort((a, b) => b.sendAt.localeCompare(a.sendAt)).map((s) => s.id);

    const first = await list(w);
    const second = await list(w, { cursor: first.cursor! });

    expect(first.hasMore).toBe(true);
    expect(ids(first)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(second.hasMore).toBe(false);
    expect(ids(second)).toEqual(expected.slice(PAGE_SIZE));
    expect(first.schedules[0]).toMatchObject({ contact: { name: 'Paginação Silva' }, status: 'PENDENTE', mediaName: [] });
    expect(await list(other)).toMatchObject({ schedules: [], hasMore: false });
  });

  it('refuses a cursor of another list or another company', async () => {
    const c = await contact(other, 'Outra Empresa');
    await schedule(other, c.id, 'Mensagem da outra empresa', 30);
    const theirs = (
      await apiCall('messages', 'GET', '/schedules', { token: other.admin.token, query: { searchParam: 'outra' } })
    ).body as ScheduleListAnswer;
    const forged = Buffer.from(
      JSON.stringify({ PK: `C#${other.cid}#SCHED`, SK: 'x', GSI2PK: `C#${other.cid}#SCHEDAT`, GSI2SK: 'x' }),
    ).toString('base64url');

    const res = await apiCall('messages', 'GET', '/schedules', { token: w.admin.token, query: { cursor: forged } });
    expect(res.status).toBe(200);
    expect(res.body.schedules.every((s: ScheduleDto) => s.contact?.name !== 'Outra Empresa')).toBe(true);
    expect(theirs.schedules).toHaveLength(1);
    expect((await list(w, { searchParam: 'outra' })).schedules).toEqual([]);
  });

  it('finds schedules by a word of the body, the contact name or number, and forgets old words', async () => {
    const number = newNumber();
    const ana = await contact(w, 'Ana Beatriz Quitéria', number);
    const bob = await contact(w, 'Roberto Quintal');
    const boleto = await schedule(w, ana.id, 'Seu boleto vence amanhã', 60);
    const consulta = await schedule(w, bob.id, 'Confirme a consulta de sexta', 120);

    expect(ids(await list(w, { searchParam: 'bolet' }))).toEqual([boleto.id]);
    expect(ids(await list(w, { searchParam: 'quiteria' }))).toEqual([boleto.id]);
    expect(ids(await list(w, { searchParam: 'qui' }))).toEqual([consulta.id, boleto.id]);
    expect(ids(await list(w, { searchParam: number.slice(-8) }))).toEqual([boleto.id]);
    expect(ids(await list(w, { searchParam: 'consulta roberto' }))).toEqual([consulta.id]);
    expect(ids(await list(w, { searchParam: 'consulta ana' }))).toEqual([]);

    await apiCall('messages', 'PUT', '/schedules/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: boleto.id },
      body: { body: 'Sua fatura vence amanhã' },
    });
    expect(ids(await list(w, { searchParam: 'boleto' }))).toEqual([]);
    expect(ids(await list(w, { searchParam: 'fatura' }))).toEqual([boleto.id]);

    expect(
      (await apiCall('messages', 'DELETE', '/schedules/{id}', { token: w.admin.token, pathParameters: { id: boleto.id } }))
        .status,
    ).toBe(204);
    expect(ids(await list(w, { searchParam: 'fatura' }))).toEqual([]);
    expect(ids(await list(w))).not.toContain(boleto.id);
  });
});
