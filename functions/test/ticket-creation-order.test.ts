/**
 * Issue 28 §1: a new ticket without one transaction for everything (data/tickets.ts `insertTicket`):
 * its references (uuid, the contact's reference) first as plain Puts, then one transaction of the
 * ticket, the conversation lock and the counts. A lost race for the lock takes the references back
 * and counts nothing; a creation cut short between the two is invisible to every reader. A pending
 * ticket counts only in its queue's counter (no tab reads pending tickets by user).
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ddb } from '../src/data/client';
import { getConnection } from '../src/data/connections';
import { getContact } from '../src/data/contacts';
import { readTicketCounts } from '../src/data/ticket-counters';
import {
  getTicket as readTicket,
  getTicketIdByUuid,
  getTickets,
  listContactTicketIds,
  type TicketRecord,
} from '../src/data/tickets';
import { insertTicket } from '../src/data/ticket-transitions';
import { TransactionConditionFailed } from '../src/data/transactions';
import { findOrCreateContact } from '../src/domain/contacts/find-or-create-contact';
import { identityOf } from '../src/domain/contacts/channel-identity';
import { newTicket } from '../src/domain/tickets/find-or-create-ticket';
import { customerEvent, customerSays, newNumber, ticketOf, useWorkspace, type Workspace } from './support/ticket-fixtures';

const workspace = useWorkspace();

/** A contact of the workspace's connection with no ticket yet, and a fresh pending ticket for it (not stored). */
async function draftTicket(w: Workspace): Promise<TicketRecord> {
  const event = customerEvent(w, { number: newNumber(), body: 'Oi' });
  if (event.type !== 'message.received') throw new Error('a customer message');
  const { contact } = await findOrCreateContact(w.cid, identityOf(event.message.contact, false));
  return newTicket((await getConnection(w.cid, w.connection.id))!, contact);
}

describe('a new ticket', () => {
  it('writes its references as plain puts and one transaction of the ticket, the lock and one counter for a pending ticket', async () => {
    const { w } = workspace;
    const ticket = await draftTicket(w);
    const before = await readTicketCounts(w.cid);
    const send = vi.spyOn(ddb(), 'send');
    let calls: unknown[];
    try {
      await insertTicket(ticket, null);
      calls = send.mock.calls.map(([command]) => command);
    } finally {
      send.mockRestore();
    }
    expect(calls.map((command) => (command as object).constructor.name)).toEqual([
      'BatchWriteCommand',
      'TransactWriteCommand',
    ]);
    const transaction = (calls[1] as { input: { TransactItems: unknown[] } }).input;
    // the ticket, the lock, the pending queue counter and the dashboard day: no pending-by-user counter
    expect(transaction.TransactItems).toHaveLength(4);

    expect(await readTicket(w.cid, ticket.id)).toMatchObject({ id: ticket.id, status: 'pending' });
    expect(await getTicketIdByUuid(w.cid, ticket.uuid)).toBe(ticket.id);
    expect(await listContactTicketIds(w.cid, ticket.contactId, 5)).toContain(ticket.id);
    const after = await readTicketCounts(w.cid);
    expect(after.byQueue('pending', ticket.queueId) - before.byQueue('pending', ticket.queueId)).toBe(1);
    expect(after.byUser('pending', null)).toBe(before.byUser('pending', null));
  });

  it('losing the conversation to another creator takes its references back and counts nothing', async () => {
    const { w } = workspace;
    const winner = await draftTicket(w);
    const contact = (await getContact(w.cid, winner.contactId))!;
    const loser = await newTicket((await getConnection(w.cid, w.connection.id))!, contact);
    await insertTicket(winner, null);
    const before = await readTicketCounts(w.cid);

    await expect(insertTicket(loser, null)).rejects.toSatisfy(
      (err) => err instanceof TransactionConditionFailed && err.has('conversation'),
    );
    expect(await getTicketIdByUuid(w.cid, loser.uuid)).toBeUndefined();
    expect(await listContactTicketIds(w.cid, winner.contactId, 5)).toEqual([winner.id]);
    expect(await readTicket(w.cid, loser.id)).toBeUndefined();
    const after = await readTicketCounts(w.cid);
    expect(after.byQueue('pending', loser.queueId)).toBe(before.byQueue('pending', loser.queueId));
  });

  it('cut short after its references and before its transaction, nothing shows it and the next message opens one ticket', async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, body: 'Primeira' });
    if (event.type !== 'message.received') throw new Error('a customer message');
    const { contact } = await findOrCreateContact(w.cid, identityOf(event.message.contact, false));
    const never = await newTicket((await getConnection(w.cid, w.connection.id))!, contact);
    // what the first step of `insertTicket` writes, then the process stops
    const realSend = ddb().send.bind(ddb()) as (...args: unknown[]) => Promise<unknown>;
    const send = vi.spyOn(ddb(), 'send').mockImplementation((async (command: object, ...rest: unknown[]) => {
      if (command.constructor.name === 'TransactWriteCommand') throw new Error('process stopped');
      return realSend(command, ...rest);
    }) as never);
    try {
      await expect(insertTicket(never, null)).rejects.toThrow('process stopped');
      expect(send.mock.calls.some(([c]) => c instanceof BatchWriteCommand)).toBe(true);
    } finally {
      send.mockRestore();
    }
    expect(await getTicketIdByUuid(w.cid, never.uuid)).toBe(never.id); // the orphan reference…
    expect(await readTicket(w.cid, never.id)).toBeUndefined(); // …names no ticket
    expect(await getTickets(w.cid, await listContactTicketIds(w.cid, contact.id, 5))).toEqual([]);

    await customerSays(w, { number, body: 'Primeira' });
    const opened = (await ticketOf(w, number))!;
    expect(opened.id).not.toBe(never.id);
    expect((await getTickets(w.cid, await listContactTicketIds(w.cid, contact.id, 5))).map((t) => t.id)).toEqual([
      opened.id,
    ]);
  });
});
