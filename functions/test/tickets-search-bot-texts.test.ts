/**
 * A ticket is found by its conversation's words, not by its bots' configured texts (greeting, menu):
 * those are the same on every ticket of the queue, and each word would be one more write per new ticket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putQueue } from '../src/data/queues';
import { existingIndexEntries } from '../src/data/search-index';
import { forgetBotSetups } from '../src/domain/bots/bot-setup';
import { apiCall } from './support/api-event';
import {
  createWorkspace,
  customerSays,
  listTickets,
  newNumber,
  putTicket,
  startWorkspaceEmulators,
  ticketOf,
} from './support/ticket-fixtures';

let queues: Awaited<ReturnType<typeof startWorkspaceEmulators>>;
beforeAll(async () => {
  queues = await startWorkspaceEmulators();
});
afterAll(() => queues.stop());

describe("a new ticket's search entries", () => {
  it("hold the customer's words and an operator's reply, not the queue's greeting", async () => {
    const w = await createWorkspace(); // its connection serves queue A only
    await putQueue({ ...w.queueA, greetingMessage: 'Saudações da Atendelândia, {{name}}!' });
    forgetBotSetups();
    const number = newNumber();
    await customerSays(w, { number, name: 'Telma', body: 'Preciso de orçamento' });
    const ticket = (await ticketOf(w, number))!;
    const fromUs = (
      await apiCall('messages', 'GET', '/messages/{id}', { token: w.admin.token, pathParameters: { id: ticket.id } })
    ).body.messages.filter((m: { fromMe: boolean }) => m.fromMe);
    expect(fromUs.map((m: { body: string }) => m.body)).toEqual(['Saudações da Atendelândia, Telma!']); // greeted

    await putTicket(w.operatorA.token, ticket.id, { status: 'open', userId: w.operatorA.user.id });
    const sent = await apiCall('messages', 'POST', '/messages/{id}', {
      token: w.operatorA.token,
      pathParameters: { id: ticket.id },
      body: { body: 'Segue a cotação' },
    });
    expect(sent.status).toBeLessThan(300);

    const found = async (searchParam: string) =>
      (await listTickets(w.admin.token, { searchParam, showAll: true })).tickets.map((t) => t.id);
    expect(await found('orçamento')).toEqual([ticket.id]);
    expect(await found('cotação')).toEqual([ticket.id]);
    expect(await found('atendelandia')).toEqual([]);
    const entries = ['saudacoes', 'atendelandia'].map((token) => ({ token, ownerId: ticket.id }));
    expect(await existingIndexEntries('TIX', w.cid, entries)).toEqual(new Set());
  });
});
