/**
 * Issue 27 item 1: "import from the phone" (POST /contacts/import/phone). The connection's address
 * book is what its socket synced (`contact.updated` events, kept by the inbound worker); the import
 * normalises and deduplicates numbers, creates each contact once, fills only empty/placeholder names,
 * pages through the book, and never reads or writes another company's connection or contacts.
 */
import type { ChannelEvent } from '@atende/shared';
import { PHONE_IMPORT_PAGE } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { saveAddressBookEntry } from '../src/data/address-book';
import { findContactIdByKey, getContact } from '../src/data/contacts';
import { apiCall } from './support/api-event';
import { createWorkspace, customerSays, deliver, newNumber, useWorkspace, type Workspace } from './support/ticket-fixtures';

useWorkspace(); // the emulators; each test makes its own companies

let sequence = 0;
const contactEvent = (
  w: Workspace,
  contact: Extract<ChannelEvent, { type: 'contact.updated' }>['contact'],
): ChannelEvent => ({
  eventId: `contact:${w.connection.id}:${++sequence}`,
  companyId: w.cid,
  connectionId: w.connection.id,
  occurredAt: new Date().toISOString(),
  type: 'contact.updated',
  contact,
});

const importFromPhone = (token: string, body: Record<string, unknown> = {}) =>
  apiCall('contacts', 'POST', '/contacts/import/phone', { token, body });

async function importAll(token: string, body: Record<string, unknown> = {}) {
  const total = { created: 0, updated: 0, unchanged: 0, refused: 0, requests: 0 };
  let cursor: string | undefined;
  do {
    const res = await importFromPhone(token, { ...body, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    for (const key of ['created', 'updated', 'unchanged', 'refused'] as const) total[key] += res.body[key];
    total.requests++;
    cursor = res.body.cursor;
  } while (cursor);
  return total;
}

const contactOf = async (w: Workspace, number: string) => {
  const id = await findContactIdByKey(w.cid, 'number', number);
  return id ? getContact(w.cid, id) : undefined;
};

describe('the address book as the socket syncs it', () => {
  it('imports the saved and push-named numbers, fills only placeholder names, and is idempotent', async () => {
    const w = await createWorkspace();
    const [saved, pushed, placeholder, typed, lidOnly] = [newNumber(), newNumber(), newNumber(), newNumber(), newNumber()];
    // a contact a person named, before the sync
    const typedContact = await apiCall('contacts', 'POST', '/contacts', {
      token: w.admin.token,
      body: { name: 'Nome Digitado', number: typed },
    });
    expect(typedContact.status).toBe(201);

    await deliver(
      contactEvent(w, { jid: `${saved}@s.whatsapp.net`, number: saved, lid: '77001@lid', name: 'João da Padaria' }),
      contactEvent(w, { jid: `${pushed}@s.whatsapp.net`, number: pushed, pushName: 'Maria' }),
      contactEvent(w, { jid: `${placeholder}@s.whatsapp.net`, number: placeholder, name: 'Cliente Fiel' }),
      contactEvent(w, { jid: `${typed}@s.whatsapp.net`, number: typed, name: 'Nome do Telefone' }),
      // a lid mapping names nobody; a group is not a person
      contactEvent(w, { jid: `${lidOnly}@s.whatsapp.net`, number: lidOnly, lid: '77002@lid' }),
      contactEvent(w, { jid: '120363000000000001@g.us', number: '120363000000000001', name: 'Grupo' }),
    );
    // a later push-name update keeps the name saved on the phone
    await deliver(contactEvent(w, { jid: `${saved}@s.whatsapp.net`, number: saved, pushName: 'Jota' }));
    // after the sync, a customer without a push name writes: a contact named by its number (a placeholder)
    await customerSays(w, { number: placeholder, body: 'Oi' });
    expect((await contactOf(w, placeholder))?.name).toBe(placeholder);

    const first = await importAll(w.admin.token);
    expect(first).toMatchObject({ created: 2, updated: 1, unchanged: 1, refused: 0 });
    expect((await contactOf(w, saved))?.name).toBe('João da Padaria');
    expect((await contactOf(w, pushed))?.name).toBe('Maria');
    expect((await contactOf(w, placeholder))?.name).toBe('Cliente Fiel');
    expect((await contactOf(w, typed))?.name).toBe('Nome Digitado');
    expect(await contactOf(w, lidOnly)).toBeUndefined();

    const again = await importAll(w.admin.token);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    const search = await apiCall('contacts', 'GET', '/contacts', {
      token: w.admin.token,
      query: { searchParam: 'padaria' },
    });
    expect(search.body.contacts.map((c: { number: string }) => c.number)).toEqual([saved]);
  });

  it('pages through a large book, refuses what is not a phone number, and checks who may import', async () => {
    const w = await createWorkspace();
    const numbers = Array.from({ length: PHONE_IMPORT_PAGE + 30 }, () => newNumber());
    for (const number of numbers)
      await saveAddressBookEntry(w.cid, w.connection.id, { number, name: `Contato ${number.slice(-4)}` });
    await saveAddressBookEntry(w.cid, w.connection.id, { number: '12345678', name: 'Não é telefone' });

    const firstPage = await importFromPhone(w.admin.token, { whatsappId: w.connection.id });
    expect(firstPage.status).toBe(200);
    expect(firstPage.body.created + firstPage.body.refused).toBe(PHONE_IMPORT_PAGE);
    expect(firstPage.body.cursor).toEqual(expect.any(String));

    const total = await importAll(w.admin.token, { whatsappId: w.connection.id });
    expect(total.requests).toBe(2);
    expect(total.refused).toBe(1);
    const created = firstPage.body.created + total.created;
    expect(created).toBe(numbers.length);
    const count = await apiCall('contacts', 'GET', '/contacts', { token: w.admin.token });
    expect(count.body.count).toBe(numbers.length);

    const operator = await importFromPhone(w.operatorA.token);
    expect(operator.status).toBe(403);
    expect(operator.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('tenant scoping', () => {
  it("never reads another company's connection or address book, nor follows its cursor", async () => {
    const a = await createWorkspace();
    const b = await createWorkspace();
    const numbers = Array.from({ length: PHONE_IMPORT_PAGE + 1 }, () => newNumber());
    for (const number of numbers) await saveAddressBookEntry(a.cid, a.connection.id, { number, name: 'Só da A' });

    const namedOther = await importFromPhone(b.admin.token, { whatsappId: a.connection.id });
    expect(namedOther.status).toBe(404);
    expect(namedOther.body.error).toBe('ERR_NO_WAPP_FOUND');

    const ownBook = await importAll(b.admin.token);
    expect(ownBook).toMatchObject({ created: 0, updated: 0, unchanged: 0, refused: 0 });

    const fromA = await importFromPhone(a.admin.token);
    expect(fromA.body.cursor).toEqual(expect.any(String));
    const replayed = await importFromPhone(b.admin.token, { cursor: fromA.body.cursor });
    expect(replayed.status).toBe(400);

    expect(await findContactIdByKey(b.cid, 'number', numbers[0]!)).toBeUndefined();
    expect(await findContactIdByKey(a.cid, 'number', numbers[0]!)).toEqual(expect.any(String));
  });

  it('answers 404 when the company has no connection to read', async () => {
    const w = await createWorkspace();
    const removed = await apiCall('whatsapp', 'DELETE', '/whatsapp/{id}', {
      token: w.admin.token,
      pathParameters: { id: w.connection.id },
    });
    expect(removed.status).toBe(204);
    const res = await importFromPhone(w.admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('ERR_NO_DEF_WAPP_FOUND');
  });
});
