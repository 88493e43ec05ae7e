/**
 * Chats this process has seen: the next batch reads their contact, conversation and last ticket
 * straight away (known-contacts.ts, known-tickets.ts), one read round instead of three; the pointer
 * still decides the ticket, the cache never matches a contact that no longer holds the chat's number,
 * nor crosses companies.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ddb } from '../src/data/client';
import { findContactIdByKey } from '../src/data/contacts';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerEvent,
  customerSays,
  deliver,
  newNumber,
  ticketOf,
  useWorkspace,
} from './support/ticket-fixtures';

const workspace = useWorkspace();

/** The BatchGetItem calls `work` makes, as lists of the sort keys they read. */
async function batchReads(work: () => Promise<unknown>): Promise<string[][]> {
  const send = vi.spyOn(ddb(), 'send');
  try {
    await work();
    return send.mock.calls
      .map(([command]) => command as unknown)
      .filter((command): command is BatchGetCommand => command instanceof BatchGetCommand)
      .map((command) =>
        Object.values(command.input.RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).map((k) => String(k.SK))),
      );
  } finally {
    send.mockRestore();
  }
}

describe('chats seen before', () => {
  it('read their contact, conversation and ticket in one round, without their lookups', async () => {
    const { w } = workspace;
    const numbers = [newNumber(), newNumber(), newNumber()];
    for (const number of numbers) await customerSays(w, { number, name: 'Cliente', body: 'Oi' });

    const rounds = await batchReads(() =>
      deliver(...numbers.map((number) => customerEvent(w, { number, name: 'Cliente', body: 'De novo' }))),
    );

    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.filter((sk) => sk === 'TICKET')).toHaveLength(numbers.length);
    expect(rounds.flat().filter((sk) => sk.startsWith('number#'))).toEqual([]);
    for (const number of numbers) expect((await ticketOf(w, number))!.unreadMessages).toBe(2);
  });

  it('share the batch with a new chat, which still reads its lookup first', async () => {
    const { w } = workspace;
    const seen = newNumber();
    const fresh = newNumber();
    await customerSays(w, { number: seen, name: 'Antiga', body: 'Oi' });

    const rounds = await batchReads(() =>
      deliver(
        customerEvent(w, { number: seen, name: 'Antiga', body: 'De novo' }),
        customerEvent(w, { number: fresh, name: 'Nova', body: 'Primeira' }),
      ),
    );

    expect(rounds[0]).toContain(`number#${fresh}`);
    expect(rounds.flat()).not.toContain(`number#${seen}`);
    expect((await ticketOf(w, seen))!.unreadMessages).toBe(2);
    expect((await ticketOf(w, fresh))!.unreadMessages).toBe(1);
  });

  it('follow the conversation pointer when the ticket they remember is no longer the current one', async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, name: 'Caio', body: 'Oi' });
    const first = (await ticketOf(w, number))!;
    const resolved = await apiCall('tickets', 'PUT', '/tickets/{id}', {
      token: w.admin.token,
      pathParameters: { id: first.id },
      body: { status: 'closed' },
    });
    expect(resolved.status).toBe(200);
    // An operator opens a new conversation with the customer: the pointer now names another ticket.
    const opened = await apiCall('tickets', 'POST', '/tickets', {
      token: w.admin.token,
      body: { contactId: first.contact.id, queueId: w.queueA.id, status: 'open' },
    });
    expect(opened.status).toBe(201);

    const rounds = await batchReads(() => customerSays(w, { number, name: 'Caio', body: 'Recebi, obrigado' }));

    // Round 1: contact, pointer and the remembered ticket; the pointer names another, read in round 2.
    expect(rounds.slice(0, 2)).toEqual([[first.contact.id, 'CURRENT', 'TICKET'], ['TICKET']]);
    const current = (await ticketOf(w, number))!;
    expect(current.id).toBe(opened.body.id);
    expect([current.unreadMessages, current.lastMessage]).toEqual([1, 'Recebi, obrigado']);
    const old = await apiCall('tickets', 'GET', '/tickets/{id}', { token: w.admin.token, pathParameters: { id: first.id } });
    expect([old.body.status, old.body.lastMessage]).toEqual(['closed', 'Oi']);
  });

  it('never land on a contact whose number was changed since', async () => {
    const { w } = workspace;
    const number = newNumber();
    await customerSays(w, { number, name: 'Rita', body: 'Oi' });
    const rita = (await findContactIdByKey(w.cid, 'number', number))!;
    const ritasTicket = (await ticketOf(w, number))!;
    const edited = await apiCall('contacts', 'PUT', '/contacts/{id}', {
      token: w.admin.token,
      pathParameters: { id: rita },
      body: { name: 'Rita', number: newNumber() },
    });
    expect(edited.status).toBe(200);

    await customerSays(w, { number, name: 'Outra pessoa', body: 'Este número agora é meu' });

    const newcomer = await findContactIdByKey(w.cid, 'number', number);
    expect(newcomer).toBeDefined();
    expect(newcomer).not.toBe(rita);
    const after = await apiCall('tickets', 'GET', '/tickets/{id}', {
      token: w.admin.token,
      pathParameters: { id: ritasTicket.id },
    });
    expect(after.body.unreadMessages).toBe(1);
    expect(after.body.lastMessage).toBe('Oi');
  });

  it('are known per company: the same number writing to two companies makes two contacts', async () => {
    const { w } = workspace;
    const other = await createWorkspace();
    const number = newNumber();
    await customerSays(w, { number, name: 'Lia', body: 'Oi, empresa 1' });
    await customerSays(other, { number, name: 'Lia', body: 'Oi, empresa 2' });
    await customerSays(other, { number, name: 'Lia', body: 'De novo, empresa 2' });

    const here = (await ticketOf(w, number))!;
    const there = (await ticketOf(other, number))!;
    expect(here.contact.id).not.toBe(there.contact.id);
    expect([here.unreadMessages, here.lastMessage]).toEqual([1, 'Oi, empresa 1']);
    expect([there.unreadMessages, there.lastMessage]).toEqual([2, 'De novo, empresa 2']);
  });
});
