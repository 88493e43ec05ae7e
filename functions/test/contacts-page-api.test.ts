/**
 * The contacts page's routes (spec part 3 §6, §7; issue 27): DELETE /contacts/{id}, DELETE /contacts,
 * POST /contacts/import — permissions, the open-ticket rule, the per-row import report, E.164
 * numbers, duplicates, and tenant isolation (another company's ids are never deleted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_BULK_MAX } from '@atende/shared';
import { countContacts, findContactIdByKey, getContact } from '../src/data/contacts';
import { apiCall } from './support/api-event';
import { createTestUser, type TestUser } from './support/tenancy-fixtures';
import {
  createWorkspace,
  customerSays,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
let other: Workspace;
let supervisor: TestUser;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  other = await createWorkspace();
  supervisor = await createTestUser(w.cid, { profile: 'supervisor' });
});
afterAll(async () => {
  await queues?.stop();
});

const postContact = async (token: string, name: string, number = newNumber()) => {
  const res = await apiCall('contacts', 'POST', '/contacts', { token, body: { name, number } });
  expect(res.status).toBe(201);
  return res.body as { id: string; number: string };
};
const deleteOne = (token: string, id: string) =>
  apiCall('contacts', 'DELETE', '/contacts/{id}', { token, pathParameters: { id } });
const deleteMany = (token: string, contactIds: string[]) =>
  apiCall('contacts', 'DELETE', '/contacts', { token, body: { contactIds } });
const importRows = (token: string, rows: unknown[]) =>
  apiCall('contacts', 'POST', '/contacts/import', { token, body: { rows } });
const search = async (token: string, searchParam: string) =>
  (await apiCall('contacts', 'GET', '/contacts', { token, query: { searchParam } })).body.contacts as { id: string }[];

describe('DELETE /contacts/{id}', () => {
  it('deletes the contact, frees its number and drops it from the search and the count', async () => {
    const c = await postContact(w.admin.token, 'Zuleica Apagável');
    const before = await countContacts(w.cid);
    expect((await search(w.admin.token, 'Zuleica')).map((x) => x.id)).toEqual([c.id]);

    const res = await deleteOne(supervisor.token, c.id);
    expect(res.status).toBe(204);
    expect(await getContact(w.cid, c.id)).toBeUndefined();
    expect(await findContactIdByKey(w.cid, 'number', c.number)).toBeUndefined();
    expect(await countContacts(w.cid)).toBe(before - 1);
    expect(await search(w.admin.token, 'Zuleica')).toEqual([]);
    // the number is free again, and a second delete finds nothing
    await postContact(w.admin.token, 'Zuleica De Novo', c.number);
    expect((await deleteOne(w.admin.token, c.id)).body.error).toBe('ERR_NO_CONTACT_FOUND');
  });

  it('needs contacts-page:deleteContact (admins and supervisors)', async () => {
    const c = await postContact(w.admin.token, 'Contato Protegido');
    const res = await deleteOne(w.operatorA.token, c.id);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
    expect(await getContact(w.cid, c.id)).toBeDefined();
  });

  it('refuses a contact with a pending or open ticket, allows it once the ticket is closed', async () => {
    const number = newNumber();
    await customerSays(w, { number, name: 'Cliente Com Ticket', body: 'Oi' });
    const ticket = (await ticketOf(w, number))!;
    const refused = await deleteOne(w.admin.token, ticket.contactId);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ERR_OTHER_OPEN_TICKET');
    expect(await getContact(w.cid, ticket.contactId)).toBeDefined();

    expect((await putTicket(w.admin.token, ticket.id, { status: 'closed' })).status).toBe(200);
    expect((await deleteOne(w.admin.token, ticket.contactId)).status).toBe(204);
  });

  it("never deletes another company's contact", async () => {
    const theirs = await postContact(other.admin.token, 'Contato Alheio');
    const res = await deleteOne(w.admin.token, theirs.id);
    expect(res.status).toBe(404);
    expect(await getContact(other.cid, theirs.id)).toBeDefined();
  });
});

describe('DELETE /contacts (bulk)', () => {
  it("deletes the company's own, refuses those with open tickets, skips other companies' ids", async () => {
    const a = await postContact(w.admin.token, 'Bulk Um');
    const b = await postContact(w.admin.token, 'Bulk Dois');
    const busyNumber = newNumber();
    await customerSays(w, { number: busyNumber, name: 'Bulk Ocupado' });
    const busy = (await ticketOf(w, busyNumber))!.contactId;
    const theirs = await postContact(other.admin.token, 'Bulk Alheio');

    const res = await deleteMany(w.admin.token, [a.id, b.id, busy, theirs.id, a.id]);
    expect(res.status).toBe(200);
    expect([...res.body.deleted].sort()).toEqual([a.id, b.id].sort());
    expect(res.body.refused).toEqual([{ id: busy, error: 'ERR_OTHER_OPEN_TICKET' }]);
    expect(res.body.notFound).toBe(1);
    expect(JSON.stringify(res.body)).not.toContain(theirs.id);
    expect(await getContact(other.cid, theirs.id)).toBeDefined();
    expect(await getContact(w.cid, busy)).toBeDefined();
    expect(await getContact(w.cid, a.id)).toBeUndefined();
  });

  it('validates the list and needs the permission', async () => {
    expect((await deleteMany(w.admin.token, [])).status).toBe(400);
    const tooMany = Array.from({ length: CONTACT_BULK_MAX + 1 }, (_, i) => `id${i}`);
    expect((await deleteMany(w.admin.token, tooMany)).status).toBe(400);
    const c = await postContact(w.admin.token, 'Bulk Protegido');
    expect((await deleteMany(w.operatorB.token, [c.id])).status).toBe(403);
    expect(await getContact(w.cid, c.id)).toBeDefined();
  });
});

describe('POST /contacts/import', () => {
  it('answers one result per row: created with an E.164 number, or refused with why', async () => {
    const existing = await postContact(w.admin.token, 'Já Existe');
    const suffix = String(Date.now()).slice(-8);
    const res = await importRows(supervisor.token, [
      { line: 2, name: 'Ana Importada', number: `(21) 9${suffix}`, email: 'ANA@Exemplo.com' },
      { line: 3, name: 'Ana Repetida', number: `+55 21 9${suffix}`, email: '' },
      { line: 4, name: '', number: newNumber() },
      { line: 5, name: 'Número Ruim', number: '12345' },
      { line: 6, name: 'Sem Número', number: '' },
      { line: 7, name: 'Email Ruim', number: newNumber(), email: 'nao-e-email' },
      { line: 8, name: 'Duplicado', number: existing.number },
      { line: 9, name: 'X', number: newNumber() },
      { line: 10, name: 'Numérico', number: Number(newNumber()) },
      { line: 11, name: 'Estrangeiro', number: '+1 415 555 2671' },
    ]);
    expect(res.status).toBe(200);
    const byLine = Object.fromEntries(
      (res.body.results as { line: number; status: string; reason?: string }[]).map((r) => [r.line, r]),
    );
    expect(res.body.results.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(byLine[2]).toMatchObject({ status: 'created' });
    expect(byLine[3]).toMatchObject({ status: 'refused', reason: 'duplicateInFile' });
    expect(byLine[4]).toMatchObject({ status: 'refused', reason: 'missingName' });
    expect(byLine[5]).toMatchObject({ status: 'refused', reason: 'invalidNumber' });
    expect(byLine[6]).toMatchObject({ status: 'refused', reason: 'missingNumber' });
    expect(byLine[7]).toMatchObject({ status: 'refused', reason: 'invalidEmail' });
    expect(byLine[8]).toMatchObject({ status: 'refused', reason: 'duplicate', contactId: existing.id });
    expect(byLine[9]).toMatchObject({ status: 'refused', reason: 'invalidName' });
    expect(byLine[10]).toMatchObject({ status: 'created' });
    expect(byLine[11]).toMatchObject({ status: 'created' });

    const ana = await getContact(w.cid, (byLine[2] as unknown as { contactId: string }).contactId);
    expect(ana).toMatchObject({ name: 'Ana Importada', number: `55219${suffix}`, email: 'ana@exemplo.com' });
    expect(await findContactIdByKey(w.cid, 'number', '14155552671')).toBeDefined();
    expect((await search(w.admin.token, 'Importada')).map((c) => c.id)).toEqual([ana!.id]);
  });

  it('is safe to send again: a repeated chunk creates nothing twice', async () => {
    const rows = [{ line: 2, name: 'Repetível', number: newNumber() }];
    const first = await importRows(w.admin.token, rows);
    const again = await importRows(w.admin.token, rows);
    expect(first.body.results[0].status).toBe('created');
    expect(again.body.results[0]).toMatchObject({
      status: 'refused',
      reason: 'duplicate',
      contactId: first.body.results[0].contactId,
    });
  });

  it('imports into the token company only, whatever the body says', async () => {
    const number = newNumber();
    const res = await importRows(w.admin.token, [{ line: 2, name: 'Só Minha', number, companyId: other.cid }]);
    expect(res.body.results[0].status).toBe('created');
    expect(await findContactIdByKey(w.cid, 'number', number)).toBeDefined();
    expect(await findContactIdByKey(other.cid, 'number', number)).toBeUndefined();
  });

  it('needs contacts-page:importExportContact and bounds the chunk', async () => {
    const number = newNumber();
    expect((await importRows(w.operatorA.token, [{ line: 2, name: 'Operador', number }])).status).toBe(403);
    expect(await findContactIdByKey(w.cid, 'number', number)).toBeUndefined();
    const tooMany = Array.from({ length: CONTACT_BULK_MAX + 1 }, (_, i) => ({ line: i + 2, name: 'N', number }));
    expect((await importRows(w.admin.token, tooMany)).status).toBe(400);
  });
});
