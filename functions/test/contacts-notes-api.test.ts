/** /contacts (extraInfo, lid for admins, duplicates), /ticket-notes, /tags/list, /queue, /quick-messages/list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_NOTE_MSG } from '@atende/shared';
import { ulid } from 'ulid';
import { putQuickMessage } from '../src/data/quick-messages';
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

const postContact = (token: string, body: unknown) => apiCall('contacts', 'POST', '/contacts', { token, body });
const putContact = (token: string, id: string, body: unknown) =>
  apiCall('contacts', 'PUT', '/contacts/{id}', { token, pathParameters: { id }, body });

describe('contacts', () => {
  it('creates with extraInfo (digits kept), reads back, refuses a duplicated number', async () => {
    const number = newNumber();
    const created = await postContact(w.operatorA.token, {
      name: 'Maria Clara',
      number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`,
      email: 'maria@cliente.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Maria Clara',
      number,
      email: 'maria@cliente.com',
      lid: null,
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(
      (
        await apiCall('contacts', 'GET', '/contacts/{id}', {
          token: w.operatorB.token,
          pathParameters: { id: created.body.id },
        })
      ).body.id,
    ).toBe(created.body.id);

    const dup = await postContact(w.admin.token, { name: 'Outra Maria', number });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT');
  });

  it("validates with the spec's messages", async () => {
    const bad = await postContact(w.admin.token, { name: 'A', number: '123', email: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      name: 'validation.tooShort',
      number: 'validation.tooShort',
      email: 'validation.invalidEmail',
    });
  });

  it('lets only admins set or change the lid', async () => {
    expect(
      (await postContact(w.operatorA.token, { name: 'Com Lid', number: newNumber(), lid: '123456789012345' })).status,
    ).toBe(403);
    const created = await postContact(w.admin.token, { name: 'Com Lid', number: newNumber(), lid: '123456789012345@lid' });
    expect(created.body.lid).toBe('123456789012345');
    expect((await putContact(w.operatorA.token, created.body.id, { lid: '999' })).status).toBe(403);
    expect(
      (await putContact(w.operatorA.token, created.body.id, { name: 'Com Lid Editado', lid: '123456789012345' })).status,
    ).toBe(200);
    expect((await putContact(w.admin.token, created.body.id, { lid: null })).body.lid).toBeNull();
  });

  it('moves the number lookup on edit: the old number is free, a taken one is refused', async () => {
    const [n1, n2, n3] = [newNumber(), newNumber(), newNumber()];
    const a = (await postContact(w.admin.token, { name: 'Contato Um', number: n1 })).body;
    await postContact(w.admin.token, { name: 'Contato Dois', number: n2 });
    expect((await putContact(w.admin.token, a.id, { number: n2 })).body.error).toBe('ERR_DUPLICATED_CONTACT');
    expect((await putContact(w.admin.token, a.id, { number: n3 })).body.number).toBe(n3);
    expect((await postContact(w.admin.token, { name: 'Novo Um', number: n1 })).status).toBe(201);
  });

  it('a contact of another company is not found', async () => {
    const c = (await postContact(w.admin.token, { name: 'Só Daqui', number: newNumber() })).body;
    const other = await createWorkspace();
    expect(
      (await apiCall('contacts', 'GET', '/contacts/{id}', { token: other.admin.token, pathParameters: { id: c.id } }))
        .status,
    ).toBe(404);
    expect((await putContact(other.admin.token, c.id, { name: 'Invasor' })).status).toBe(404);
  });
});

describe('ticket notes', () => {
  it('at least 2 characters; listed per ticket; deleted by the author', async () => {
    const number = newNumber();
    await customerSays(w, { number, body: 'oi' });
    const t = (await ticketOf(w, number))!;

    const short = await apiCall('tickets', 'POST', '/ticket-notes', {
      token: w.operatorA.token,
      body: { note: 'a', ticketId: t.id },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.note).toBe('validation.tooShort');
    const added = await apiCall('tickets', 'POST', '/ticket-notes', {
      token: w.operatorA.token,
      body: { note: 'Cliente prefere e-mail', ticketId: t.id, contactId: t.contactId },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      note: 'Cliente prefere e-mail',
      user: { name: 'Operadora A' },
      message: TICKET_NOTE_MSG.added,
    });

    const list = await apiCall('tickets', 'GET', '/ticket-notes/list', {
      token: w.admin.token,
      query: { ticketId: t.id, contactId: t.contactId },
    });
    expect(list.body.map((n: { note: string }) => n.note)).toEqual(['Cliente prefere e-mail']);
    expect(
      (await apiCall('tickets', 'GET', '/ticket-notes/list', { token: w.operatorB.token, query: { ticketId: t.id } }))
        .status,
    ).toBe(403);

    const removed = await apiCall('tickets', 'DELETE', '/ticket-notes/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: added.body.id },
    });
    expect(removed.body.message).toBe(TICKET_NOTE_MSG.deleted);
    expect(
      (await apiCall('tickets', 'GET', '/ticket-notes/list', { token: w.admin.token, query: { ticketId: t.id } })).body,
    ).toEqual([]);
  });
});

describe('tags, queues and quick messages', () => {
  it("GET /tags/list, /queue, /queue/onschedule and /quick-messages/list answer the company's own", async () => {
    await apiCall('tickets', 'POST', '/tags', { token: w.admin.token, body: { name: 'Urgente', color: '#FF0000' } });
    await putQuickMessage({
      id: ulid(),
      companyId: w.cid,
      shortcode: 'oi',
      message: 'Olá!',
      userId: null,
      mediaUrl: null,
      mediaName: null,
      createdAt: '',
    });
    await putQuickMessage({
      id: ulid(),
      companyId: w.cid,
      shortcode: 'meu',
      message: 'Só meu',
      userId: w.operatorB.user.id,
      mediaUrl: null,
      mediaName: null,
      createdAt: '',
    });

    const tags = await apiCall('tickets', 'GET', '/tags/list', { token: w.operatorA.token });
    expect(tags.body).toContainEqual(expect.objectContaining({ name: 'Urgente', color: '#FF0000' }));
    const queueList = await apiCall('queues', 'GET', '/queue', { token: w.operatorA.token });
    expect(queueList.body.map((q: { name: string; color: string }) => [q.name, q.color])).toEqual([
      ['Fila A', '#111111'],
      ['Fila B', '#222222'],
    ]);
    expect((await apiCall('queues', 'GET', '/queue/onschedule', { token: w.operatorA.token })).body).toHaveLength(2);
    const quick = await apiCall('queues', 'GET', '/quick-messages/list', {
      token: w.operatorA.token,
      query: { companyId: w.cid, userId: w.operatorA.user.id },
    });
    expect(quick.body.map((q: { shortcode: string }) => q.shortcode)).toEqual(['oi']);

    const other = await createWorkspace();
    expect(
      (await apiCall('tickets', 'GET', '/tags/list', { token: other.admin.token })).body.some(
        (t: { name: string }) => t.name === 'Urgente',
      ),
    ).toBe(false);
  });
});
