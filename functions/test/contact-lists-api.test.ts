/**
 * Campaign contact lists and items (spec part 3 §5, §6, §7 "Contact lists and items"; issue 27 item 2):
 * CRUD, the plan's capacity limits and their messages, the import's per-row rules (E.164 numbers,
 * duplicates refused), WhatsApp validity from the per-number cache, the bulk add from the contacts
 * page, the engine's paging, and tenant isolation (company B never reads or writes A's lists).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContactListDetailDto,
  ContactListDto,
  ContactListImportAnswer,
  ContactListItemDto,
  ContactListItemPageAnswer,
  TransferToListAnswer,
} from '@atende/shared';
import { listContactListItemsPage } from '../src/data/contact-list-items';
import { getContactList } from '../src/data/contact-lists';
import { updateConnectionState } from '../src/data/connections';
import { putWhatsappNumberCheck } from '../src/data/whatsapp-number-checks';
import { runContactListPurge, CONTACT_LIST_PURGE_JOB } from '../src/domain/contact-lists/purge-list-items';
import { apiCall } from './support/api-event';
import { createWorkspace, newNumber, startWorkspaceEmulators, type Workspace } from './support/ticket-fixtures';

const MAX_LISTS = 3;
const MAX_ITEMS = 6;
const campaignSettings = [
  { key: 'campaignsEnabled', value: 'true' },
  { key: 'numberOfGroupsCampaigns', value: String(MAX_LISTS) },
  { key: 'numberOfContactsInGroupsCampaigns', value: String(MAX_ITEMS) },
];

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
let other: Workspace;
let noCampaigns: Workspace;

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace({ settings: [...campaignSettings, { key: 'numberOfGroupsCampaigns', value: '50' }] });
  other = await createWorkspace({ settings: campaignSettings });
  noCampaigns = await createWorkspace();
});
afterAll(async () => {
  await queues?.stop();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts: Record<string, unknown> = {}) =>
  apiCall('contactlists', method, path, { token, ...opts });
const newList = async (token: string, name = `Lista ${newNumber().slice(-6)}`) => {
  const res = await call(token, 'POST', '/contact-lists', { body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ContactListDto;
};
const upload = (token: string, id: string, rows: unknown[]) =>
  call(token, 'POST', '/contact-lists/{id}/upload', { pathParameters: { id }, body: { rows } });
const items = async (token: string, contactListId: string, query: Record<string, string> = {}) => {
  const res = await call(token, 'GET', '/contact-list-items', { query: { contactListId, ...query } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ContactListItemPageAnswer;
};
const row = (line: number, name: string, number: string, email = '') => ({ line, name, number, email });

describe('contact lists', () => {
  it('creates, pages by name with search, renames and deletes, purging the items', async () => {
    const a = await newList(w.admin.token, 'Clientes Ágeis');
    const b = await newList(w.operator.token, 'Fornecedores');
    const page = (await call(w.admin.token, 'GET', '/contact-lists', { query: { searchParam: 'ageis' } })).body;
    expect(page.records.map((r: ContactListDto) => r.id)).toEqual([a.id]);
    const all = (await call(w.admin.token, 'GET', '/contact-lists/list')).body as ContactListDto[];
    expect(all.map((l) => l.id)).toEqual(expect.arrayContaining([a.id, b.id]));

    const renamed = await call(w.admin.token, 'PUT', '/contact-lists/{id}', {
      pathParameters: { id: b.id },
      body: { name: 'Parceiros' },
    });
    expect(renamed.body).toMatchObject({ id: b.id, name: 'Parceiros' });

    expect((await upload(w.admin.token, b.id, [row(2, 'Ana Souza', newNumber())])).status).toBe(200);
    expect((await call(w.admin.token, 'DELETE', '/contact-lists/{id}', { pathParameters: { id: b.id } })).status).toBe(204);
    expect((await call(w.admin.token, 'GET', '/contact-lists/{id}', { pathParameters: { id: b.id } })).status).toBe(404);
    // the purge job deletes the items the list left behind
    await runContactListPurge({
      companyId: w.cid,
      jobType: CONTACT_LIST_PURGE_JOB,
      jobId: `${b.id}.0`,
      dueAt: new Date().toISOString(),
    });
    expect((await listContactListItemsPage(w.cid, b.id, { limit: 10 })).items).toEqual([]);
  });

  it('refuses a list past numberOfGroupsCampaigns, with the limit in params', async () => {
    for (let i = 0; i < MAX_LISTS; i++) await newList(other.admin.token);
    const res = await call(other.admin.token, 'POST', '/contact-lists', { body: { name: 'Uma a mais' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_CONTACT_LIST_LIMIT', params: { max: MAX_LISTS } });
  });

  it('is unavailable to a company without campaigns', async () => {
    const res = await call(noCampaigns.admin.token, 'GET', '/contact-lists');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_FEATURE_UNAVAILABLE');
  });

  it('validates the name (2-50) with the shared schema', async () => {
    const res = await call(w.admin.token, 'POST', '/contact-lists', { body: { name: 'A' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ name: 'validation.tooShort' });
  });
});

describe('importing into a list', () => {
  it('answers every row: E.164 numbers, invalid rows with why, duplicates refused, the rest past capacity', async () => {
    const list = await newList(w.admin.token);
    const taken = newNumber();
    expect((await upload(w.admin.token, list.id, [row(2, 'Primeiro', taken)])).body.results[0].status).toBe('created');

    const [n1, n2, n3, n4, n5, n6] = Array.from({ length: 6 }, () => newNumber()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const res = await upload(w.admin.token, list.id, [
      row(2, 'Bruna Lima', `+${n1}`, 'BRUNA@EXEMPLO.COM'),
      row(3, 'Sem Número', ''),
      row(4, 'Número Ruim', '12ab'),
      row(5, 'Repetida', taken),
      row(6, 'Carla', n2),
      row(7, 'Carla de Novo', n2),
      row(8, 'Davi', n3),
      row(9, 'Eva', n4),
      row(10, 'Fábio', n5),
      row(11, 'Gil', n6),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as ContactListImportAnswer;
    expect(answer.results.map((r) => (r.status === 'created' ? 'created' : r.reason))).toEqual([
      'created',
      'missingNumber',
      'invalidNumber',
      'duplicate',
      'created',
      'duplicateInFile',
      'created',
      'created',
      'created',
      'overCapacity', // MAX_ITEMS = 6: 1 before + 5 created
    ]);
    expect(answer.results.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(answer).toMatchObject({ contactsCount: MAX_ITEMS, remaining: 0, whatsappCheck: 'noConnection' });
    expect((await getContactList(w.cid, list.id))!.contactsCount).toBe(MAX_ITEMS);

    const stored = (await items(w.admin.token, list.id, { searchParam: 'bruna' })).contacts;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ number: n1, email: 'bruna@exemplo.com', isWhatsappValid: null });

    // a full list refuses the next chunk, with the limit
    const full = await upload(w.admin.token, list.id, [row(2, 'Hugo', newNumber())]);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: 'ERR_CONTACT_LIST_FULL', params: { max: MAX_ITEMS } });
    const detail = (await call(w.admin.token, 'GET', '/contact-lists/{id}', { pathParameters: { id: list.id } }))
      .body as ContactListDetailDto;
    expect(detail).toMatchObject({ contactsCount: MAX_ITEMS, contactsLimit: MAX_ITEMS, remaining: 0 });
  });

  it('keeps the count exact and under the limit when chunks race, and a chunk sent twice adds nothing', async () => {
    const list = await newList(w.admin.token);
    const chunk = (from: number) => Array.from({ length: 4 }, (_, i) => row(from + i, `Pessoa ${from + i}`, newNumber()));
    const first = chunk(2);
    const answers = await Promise.all([upload(w.admin.token, list.id, first), upload(w.admin.token, list.id, chunk(6))]);
    const created = answers
      .flatMap((a) => (a.body as ContactListImportAnswer).results)
      .filter((r) => r.status === 'created');
    expect(created).toHaveLength(MAX_ITEMS);
    expect((await getContactList(w.cid, list.id))!.contactsCount).toBe(MAX_ITEMS);

    const list2 = await newList(w.admin.token);
    await upload(w.admin.token, list2.id, first);
    const again = (await upload(w.admin.token, list2.id, first)).body as ContactListImportAnswer;
    expect(again.results.every((r) => r.status === 'refused' && r.reason === 'duplicate')).toBe(true);
    expect(again.contactsCount).toBe(4);
  });

  it('takes each number’s WhatsApp validity from the cache; unknown ones stay null and say why', async () => {
    const list = await newList(w.admin.token);
    const [known, absent, unknown] = [newNumber(), newNumber(), newNumber()];
    await putWhatsappNumberCheck(w.cid, known, true);
    await putWhatsappNumberCheck(w.cid, absent, false);
    await updateConnectionState(w.cid, w.connection.id, { status: 'CONNECTED' });

    const cachedOnly = (await upload(w.admin.token, list.id, [row(2, 'Sim', known), row(3, 'Não', absent)]))
      .body as ContactListImportAnswer;
    expect(cachedOnly.whatsappCheck).toBe('checked');
    expect(cachedOnly.results.map((r) => r.status === 'created' && r.isWhatsappValid)).toEqual([true, false]);

    const withUnknown = (await upload(w.admin.token, list.id, [row(2, 'Talvez', unknown)])).body as ContactListImportAnswer;
    expect(withUnknown.whatsappCheck).toBe('pending');
    expect(withUnknown.results[0]).toMatchObject({ status: 'created', isWhatsappValid: null });
    await updateConnectionState(w.cid, w.connection.id, { status: 'DISCONNECTED' });
  });
});

describe('list items', () => {
  it('adds, shows, edits and deletes one item, keeping the count; duplicates and a full list are refused', async () => {
    const list = await newList(w.admin.token);
    const number = newNumber();
    const created = await call(w.operator.token, 'POST', '/contact-list-items', {
      body: { name: 'Joana', number: `(${number.slice(2, 4)}) ${number.slice(4)}`, email: '', contactListId: list.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const item = created.body as ContactListItemDto;
    expect(item).toMatchObject({ contactListId: list.id, number, isWhatsappValid: null });

    const dup = await call(w.operator.token, 'POST', '/contact-list-items', {
      body: { name: 'Outra Joana', number, contactListId: list.id },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ERR_DUPLICATED_CONTACT');

    const bad = await call(w.operator.token, 'POST', '/contact-list-items', {
      body: { name: 'Ruim', number: '00000000', contactListId: list.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ number: 'validation.contactList.numberInvalid' });

    const newNum = newNumber();
    const edited = await call(w.operator.token, 'PUT', '/contact-list-items/{id}', {
      pathParameters: { id: item.id },
      body: { name: 'Joana Silva', number: newNum, email: 'j@x.com' },
    });
    expect(edited.body).toMatchObject({ name: 'Joana Silva', number: newNum });
    // the old number is free again, the new one taken
    const reuse = await call(w.operator.token, 'POST', '/contact-list-items', {
      body: { name: 'Ana', number, contactListId: list.id },
    });
    expect(reuse.status).toBe(201);
    expect((await getContactList(w.cid, list.id))!.contactsCount).toBe(2);

    // deleting needs contacts-page:deleteContact
    const denied = await call(w.operator.token, 'DELETE', '/contact-list-items/{id}', { pathParameters: { id: item.id } });
    expect(denied.status).toBe(403);
    expect(
      (await call(w.admin.token, 'DELETE', '/contact-list-items/{id}', { pathParameters: { id: item.id } })).status,
    ).toBe(204);
    expect((await call(w.admin.token, 'GET', '/contact-list-items/{id}', { pathParameters: { id: item.id } })).status).toBe(
      404,
    );
    expect((await getContactList(w.cid, list.id))!.contactsCount).toBe(1);

    for (let i = 0; i < MAX_ITEMS - 1; i++)
      await call(w.admin.token, 'POST', '/contact-list-items', {
        body: { name: `Item ${i}`, number: newNumber(), contactListId: list.id },
      });
    const full = await call(w.admin.token, 'POST', '/contact-list-items', {
      body: { name: 'Demais', number: newNumber(), contactListId: list.id },
    });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: 'ERR_CONTACT_LIST_FULL', params: { max: MAX_ITEMS } });
  });

  it('pages every item in a stable order for the campaign engine', async () => {
    const list = await newList(w.admin.token);
    const rows = Array.from({ length: MAX_ITEMS }, (_, i) => row(i + 2, `Pessoa ${i}`, newNumber()));
    await upload(w.admin.token, list.id, rows);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listContactListItemsPage(w.cid, list.id, { limit: 4, cursor });
      seen.push(...page.items.map((i) => i.number));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((r) => r.number));
  });
});

describe('bulk add from the contacts page', () => {
  it('adds the chosen contacts, skips unknown ids, truncates to the room left', async () => {
    const list = await newList(w.admin.token);
    const contacts = [];
    for (let i = 0; i < MAX_ITEMS + 1; i++) {
      const res = await apiCall('contacts', 'POST', '/contacts', {
        token: w.admin.token,
        body: { name: `Contato ${i}`, number: newNumber() },
      });
      contacts.push(res.body as { id: string; number: string });
    }
    const foreign = await apiCall('contacts', 'POST', '/contacts', {
      token: other.admin.token,
      body: { name: 'De Fora', number: newNumber() },
    });
    const res = await call(w.admin.token, 'POST', '/contacts/transferToListCampaigns', {
      body: { contactIds: [...contacts.map((c) => c.id), foreign.body.id], contactListId: list.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body as TransferToListAnswer).toMatchObject({
      added: MAX_ITEMS,
      overCapacity: 1,
      skipped: 1,
      contactsCount: MAX_ITEMS,
    });

    const operator = await call(w.operator.token, 'POST', '/contacts/transferToListCampaigns', {
      body: { contactIds: [contacts[0]!.id], contactListId: list.id },
    });
    expect(operator.status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('company B cannot read, change, fill or empty company A’s list or items', async () => {
    const list = await newList(w.admin.token);
    const item = (
      await call(w.admin.token, 'POST', '/contact-list-items', {
        body: { name: 'Segredo', number: newNumber(), contactListId: list.id },
      })
    ).body as ContactListItemDto;
    const b = (await createWorkspace({ settings: campaignSettings })).admin.token;
    const byId = { pathParameters: { id: list.id } };
    expect((await call(b, 'GET', '/contact-lists/{id}', byId)).status).toBe(404);
    expect((await call(b, 'PUT', '/contact-lists/{id}', { ...byId, body: { name: 'Roubada' } })).status).toBe(404);
    expect((await call(b, 'DELETE', '/contact-lists/{id}', byId)).status).toBe(404);
    expect((await upload(b, list.id, [row(2, 'Intrusa', newNumber())])).status).toBe(404);
    expect((await call(b, 'GET', '/contact-list-items', { query: { contactListId: list.id } })).status).toBe(404);
    expect(
      (
        await call(b, 'POST', '/contact-list-items', {
          body: { name: 'Intrusa', number: newNumber(), contactListId: list.id },
        })
      ).status,
    ).toBe(404);
    const itemId = { pathParameters: { id: item.id } };
    expect((await call(b, 'GET', '/contact-list-items/{id}', itemId)).status).toBe(404);
    expect(
      (await call(b, 'PUT', '/contact-list-items/{id}', { ...itemId, body: { name: 'X Y', number: newNumber() } })).status,
    ).toBe(404);
    expect((await call(b, 'DELETE', '/contact-list-items/{id}', itemId)).status).toBe(404);
    // a cursor of A's list is refused on B's
    const bList = await newList(b);
    await upload(w.admin.token, list.id, [row(2, 'Mais Um', newNumber())]);
    const aPage = await listContactListItemsPage(w.cid, list.id, { limit: 1 });
    expect(aPage.cursor).toBeDefined();
    const res = await call(b, 'GET', '/contact-list-items', { query: { contactListId: bList.id, cursor: aPage.cursor! } });
    expect(res.status).toBe(400);

    expect(await getContactList(w.cid, list.id)).toMatchObject({ name: list.name, contactsCount: 2 });
  });
});
