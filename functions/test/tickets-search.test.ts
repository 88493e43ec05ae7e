/** Search over contact name, number and message text (tickets) and over name and number (contacts), through the write-time indexes. */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '@atende/shared';
import { ddb } from '../src/data/client';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerEvent,
  customerSays,
  deliver,
  listTickets,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
  type Workspace,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
let w: Workspace;
const numbers = { ana: newNumber(), bruno: newNumber(), carla: newNumber() };

beforeAll(async () => {
  queues = await startWorkspaceEmulators();
  w = await createWorkspace();
  await customerSays(w, { number: numbers.ana, name: 'Ana Conceição', body: 'Meu boleto venceu ontem' });
  await customerSays(w, { number: numbers.bruno, name: 'Bruno Souza', body: 'Quero trocar o produto' });
  await customerSays(w, { number: numbers.carla, name: 'Carla Dias', body: 'Olá' });
  await customerSays(w, { number: numbers.carla, name: 'Carla Dias', body: 'A entrega atrasou, cadê o pedido?' });
});
afterAll(async () => {
  await queues?.stop();
});

const ids = (tickets: { contact: { number: string } }[]) => tickets.map((t) => t.contact.number).sort();

/** The search words (`<word>#…` sort keys) that `act` wrote through BatchWriteItem. */
async function wordsIndexedBy(act: () => Promise<unknown>): Promise<string[]> {
  const send = vi.spyOn(ddb(), 'send');
  try {
    await act();
    return send.mock.calls
      .map(([command]) => command)
      .filter((command) => command instanceof BatchWriteCommand)
      .flatMap((command) => Object.values((command as BatchWriteCommand).input.RequestItems ?? {}).flat())
      .map((request) => String(request.PutRequest?.Item?.SK ?? ''))
      .filter((sk) => /^[a-z0-9]+#/.test(sk))
      .map((sk) => sk.split('#')[0]!);
  } finally {
    send.mockRestore();
  }
}

describe('ticket search', () => {
  it('finds by a prefix of the contact name, accents and case ignored', async () => {
    expect(ids((await listTickets(w.admin.token, { searchParam: 'concei' })).tickets)).toEqual([numbers.ana]);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'BRU' })).tickets)).toEqual([numbers.bruno]);
  });

  it('finds by number (full, without country code, last digits)', async () => {
    expect(ids((await listTickets(w.admin.token, { searchParam: numbers.bruno })).tickets)).toEqual([numbers.bruno]);
    expect(ids((await listTickets(w.admin.token, { searchParam: numbers.bruno.slice(2) })).tickets)).toEqual([
      numbers.bruno,
    ]);
    expect(ids((await listTickets(w.admin.token, { searchParam: numbers.bruno.slice(-8) })).tickets)).toEqual([
      numbers.bruno,
    ]);
  });

  it('finds by the text of any message, not only the last', async () => {
    expect(ids((await listTickets(w.admin.token, { searchParam: 'entrega' })).tickets)).toEqual([numbers.carla]);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'boleto' })).tickets)).toEqual([numbers.ana]);
  });

  it('narrows by further words, by status, and by what the caller may see', async () => {
    expect(ids((await listTickets(w.admin.token, { searchParam: 'carla dias' })).tickets)).toEqual([numbers.carla]);
    expect((await listTickets(w.admin.token, { searchParam: 'carla souza' })).tickets).toEqual([]);
    expect((await listTickets(w.operatorB.token, { searchParam: 'boleto' })).tickets).toEqual([]);
    const ana = (await ticketOf(w, numbers.ana))!;
    await putTicket(w.admin.token, ana.id, { status: 'closed' });
    expect((await listTickets(w.admin.token, { searchParam: 'boleto', status: 'open' })).tickets).toEqual([]);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'boleto', status: 'closed' })).tickets)).toEqual([
      numbers.ana,
    ]);
  });

  it('writes a word once per ticket: a later message indexes only its new words, and both stay findable', async () => {
    const indexed = await wordsIndexedBy(() =>
      customerSays(w, { number: numbers.bruno, name: 'Bruno Souza', body: 'Quero trocar o produto amanhã' }),
    );
    expect(indexed).toEqual(['amanha']);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'amanha' })).tickets)).toEqual([numbers.bruno]);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'trocar' })).tickets)).toEqual([numbers.bruno]);
  });

  it('indexes a message without its stop words, and finds it by the other words of a search that has some', async () => {
    const number = newNumber();
    const indexed = await wordsIndexedBy(() =>
      customerSays(w, { number, name: 'Diego Alves', body: 'Você pode ver isso para mim? Meu pedido' }),
    );
    expect(indexed).toEqual(expect.arrayContaining(['pode', 'ver', 'pedido']));
    for (const stop of ['voce', 'isso', 'para', 'meu']) expect(indexed).not.toContain(stop);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'meu pedido' })).tickets)).toContain(number);
    expect(ids((await listTickets(w.admin.token, { searchParam: 'isso pode' })).tickets)).toEqual([number]);
  });

  it('answers nothing for fewer than 3 characters, and refuses a forged cursor', async () => {
    expect(await listTickets(w.admin.token, { searchParam: 'ca' })).toEqual({ tickets: [], count: 0, hasMore: false });
    const forged = Buffer.from(JSON.stringify({ c: { PK: 'C#other#CIX#car', SK: 'x' }, t: null })).toString('base64url');
    expect(
      (
        await apiCall('tickets', 'GET', '/tickets', {
          token: w.admin.token,
          query: { searchParam: 'carla', cursor: forged },
        })
      ).status,
    ).toBe(400);
  });
});

describe('contact search (GET /contacts?searchParam)', () => {
  it('finds contacts by name prefix and number, and follows a rename', async () => {
    const found = await apiCall('contacts', 'GET', '/contacts', {
      token: w.operatorA.token,
      query: { searchParam: 'souz' },
    });
    expect(found.body.contacts.map((c: { number: string }) => c.number)).toEqual([numbers.bruno]);
    const byNumber = await apiCall('contacts', 'GET', '/contacts', {
      token: w.operatorA.token,
      query: { searchParam: numbers.carla.slice(-8) },
    });
    expect(byNumber.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Carla Dias']);

    const bruno = found.body.contacts[0];
    await apiCall('contacts', 'PUT', '/contacts/{id}', {
      token: w.admin.token,
      pathParameters: { id: bruno.id },
      body: { name: 'Roberto Lima' },
    });
    expect(
      (await apiCall('contacts', 'GET', '/contacts', { token: w.admin.token, query: { searchParam: 'souza' } })).body
        .contacts,
    ).toEqual([]);
    expect(
      (await apiCall('contacts', 'GET', '/contacts', { token: w.admin.token, query: { searchParam: 'robert' } })).body
        .contacts,
    ).toHaveLength(1);
    // The ticket search follows the contact, not a copy of its old name.
    expect(ids((await listTickets(w.admin.token, { searchParam: 'roberto' })).tickets)).toEqual([numbers.bruno]);
  });

  it('lists contacts by name with a count and a cursor', async () => {
    const page = await apiCall('contacts', 'GET', '/contacts', { token: w.admin.token });
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThanOrEqual(3);
    const names = page.body.contacts.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('GET /contacts/list paging (issue 30 item 18)', () => {
  it('answers a page of the array it always answered, with the next page in X-Next-Cursor', async () => {
    const all = await apiCall('contacts', 'GET', '/contacts', { token: w.admin.token, query: {} });
    const everyone = all.body.contacts.map((c: { id: string }) => c.id);
    expect(everyone.length).toBeGreaterThanOrEqual(3);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let turn = 0; turn < 10; turn++) {
      const page = await apiCall('contacts', 'GET', '/contacts/list', {
        token: w.operatorA.token,
        query: { pageSize: 2, ...(cursor ? { cursor } : {}) },
      });
      expect(page.status).toBe(200);
      expect(Array.isArray(page.body)).toBe(true);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((c: { id: string }) => c.id));
      cursor = page.headers['x-next-cursor'];
      if (!cursor) break;
    }
    expect(seen).toEqual(everyone);
    const forged = Buffer.from(JSON.stringify({ GSI1PK: 'C#other#CONTACTNAME' })).toString('base64url');
    expect(
      (await apiCall('contacts', 'GET', '/contacts/list', { token: w.admin.token, query: { cursor: forged } })).status,
    ).toBe(400);
  });
});

describe('search paging (issue 30 item 2)', () => {
  let p: Workspace;
  const byName = Array.from({ length: 24 }, () => newNumber());
  const byText = Array.from({ length: 24 }, () => newNumber());

  beforeAll(async () => {
    p = await createWorkspace();
    // Found by two words of the name (fretes, fretex) and by a message word: listed once.
    const named = byName.map((number, i) =>
      customerEvent(p, { number, name: `Fretes Fretex ${i}`, body: 'Quanto custa o frete?' }),
    );
    // Found by two words of the message (frete, fretes): listed once.
    const texted = byText.map((number, i) =>
      customerEvent(p, { number, name: `Cliente ${String.fromCharCode(97 + i)}`, body: 'E o frete? Os fretes subiram' }),
    );
    const unrelated = Array.from({ length: 5 }, (_, i) => customerEvent(p, { number: newNumber(), name: `Outro ${i}` }));
    for (const events of [named, texted, unrelated])
      for (let i = 0; i < events.length; i += 10) await deliver(...events.slice(i, i + 10));
  });

  const everyMatch = () => [...byName, ...byText].sort();

  it('pages by number through every match once, ends, and counts them all on the last page', async () => {
    const seen: string[] = [];
    const numbersSeen: string[] = [];
    let last: Awaited<ReturnType<typeof listTickets>> | undefined;
    for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
      last = await listTickets(p.admin.token, { searchParam: 'frete', pageNumber });
      seen.push(...last.tickets.map((t) => t.id));
      numbersSeen.push(...last.tickets.map((t) => t.contact.number));
      expect(last.count).toBe(seen.length);
      if (!last.hasMore) break;
    }
    expect(last?.hasMore).toBe(false);
    expect(new Set(seen).size).toBe(seen.length);
    expect(numbersSeen.sort()).toEqual(everyMatch());
    expect(last?.count).toBe(byName.length + byText.length);
  });

  it('pages by cursor through the same matches once', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let turn = 0; turn < 10; turn++) {
      const page = await listTickets(p.admin.token, { searchParam: 'frete', ...(cursor ? { cursor } : {}) });
      seen.push(...page.tickets.map((t) => t.contact.number));
      if (!page.hasMore) break;
      cursor = page.cursor;
      expect(cursor).toBeTruthy();
    }
    expect(seen.length).toBe(new Set(seen).size);
    expect(seen.sort()).toEqual(everyMatch());
  });

  it('pages the contact search too: pages of 20 by number and by cursor, each contact once', async () => {
    const pages = async (next: (page: number, cursor?: string) => Record<string, string | number>) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 1; page <= 10; page++) {
        const res = await apiCall('contacts', 'GET', '/contacts', { token: p.admin.token, query: next(page, cursor) });
        expect(res.body.contacts.length).toBeLessThanOrEqual(PAGE_SIZE);
        seen.push(...res.body.contacts.map((c: { number: string }) => c.number));
        expect(res.body.count).toBe(seen.length);
        if (!res.body.hasMore) break;
        cursor = res.body.cursor;
      }
      return seen;
    };
    const byNumber = await pages((pageNumber) => ({ searchParam: 'frete', pageNumber }));
    const byCursor = await pages((_, cursor) => ({ searchParam: 'frete', ...(cursor ? { cursor } : {}) }));
    for (const seen of [byNumber, byCursor]) {
      expect(seen.length).toBe(new Set(seen).size);
      expect(seen.sort()).toEqual([...byName].sort());
    }
  });

  it('answers a page past the end empty, with the total and no more pages', async () => {
    expect(await listTickets(p.admin.token, { searchParam: 'frete', pageNumber: 9 })).toMatchObject({
      tickets: [],
      hasMore: false,
      count: byName.length + byText.length,
    });
  });
});
