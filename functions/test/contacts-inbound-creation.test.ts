/**
 * A contact created by a channel event without a transaction, in a guarded order (data/contact-creation.ts):
 * search entries, the lookups (the guard), then the contact item, whose writer counts it. A creation cut
 * short after its guard is finished by the redelivery; concurrent creators end with one contact.
 */
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ddb } from '../src/data/client';
import { countContacts, findContactIdByKey, getContact } from '../src/data/contacts';
import { identityOf } from '../src/domain/contacts/channel-identity';
import { findOrCreateContact } from '../src/domain/contacts/find-or-create-contact';
import { apiCall } from './support/api-event';
import { customerEvent, deliver, newNumber, ticketOf, useWorkspace } from './support/ticket-fixtures';

const workspace = useWorkspace();

type Command = { constructor: { name: string }; input: Record<string, any> };
const isContactPut = (c: Command) =>
  c instanceof PutCommand &&
  String(c.input.Item?.PK).endsWith('#CONTACT') &&
  !String(c.input.Item?.PK).includes('#CONTACTKEY');
const isLookupWrite = (c: Command) => JSON.stringify(c.input).includes('#CONTACTKEY');

/** Fails the first contact-item write, as a process stopped right after the contact's guard would. */
function stopBeforeTheContactItem() {
  const send = ddb().send.bind(ddb());
  let stopped = false;
  return vi.spyOn(ddb(), 'send').mockImplementation(async (command: any, ...rest: any[]) => {
    if (!stopped && isContactPut(command)) {
      stopped = true;
      throw new Error('stopped after the guard');
    }
    return (send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
  });
}

const searchContacts = async (searchParam: string) =>
  (await apiCall('contacts', 'GET', '/contacts', { token: workspace.w.admin.token, query: { searchParam } })).body
    .contacts as { id: string; number: string }[];

describe("a new contact's creation from a channel event", () => {
  it('writes its lookups (the guard) before the contact item, with no transaction for one key, and counts it once', async () => {
    const { w } = workspace;
    const number = newNumber();
    const before = await countContacts(w.cid);
    const send = vi.spyOn(ddb(), 'send');
    try {
      await deliver(customerEvent(w, { number, name: 'Guarda Única', body: 'Oi' }));
      const commands = send.mock.calls.map(([c]) => c as unknown as Command);
      expect(commands.filter((c) => c instanceof TransactWriteCommand && isLookupWrite(c))).toEqual([]);
      const guard = commands.findIndex((c) => c instanceof PutCommand && isLookupWrite(c));
      expect(guard).toBeGreaterThanOrEqual(0);
      expect(guard).toBeLessThan(commands.findIndex(isContactPut));
    } finally {
      send.mockRestore();
    }
    expect(await countContacts(w.cid)).toBe(before + 1);
  });

  it('is finished by the redelivery when cut short after its guard: one contact, counted once, found by number and name', async () => {
    const { w } = workspace;
    const number = newNumber();
    const event = customerEvent(w, { number, name: 'Interrompida Silva', body: 'Primeira' });
    const before = await countContacts(w.cid);
    const stop = stopBeforeTheContactItem();
    try {
      await expect(deliver(event)).rejects.toThrow(/inbound failures/);
    } finally {
      stop.mockRestore();
    }
    const pendingId = (await findContactIdByKey(w.cid, 'number', number))!;
    expect(pendingId).toBeDefined();
    expect(await getContact(w.cid, pendingId)).toBeUndefined(); // the guard without its contact

    await deliver(event);
    await deliver({ ...event, eventId: `${event.eventId}-again` });
    expect(await findContactIdByKey(w.cid, 'number', number)).toBe(pendingId);
    expect(await getContact(w.cid, pendingId)).toMatchObject({ number, name: 'Interrompida Silva' });
    expect(await countContacts(w.cid)).toBe(before + 1);
    expect((await ticketOf(w, number))?.contact).toMatchObject({ id: pendingId, number });
    for (const term of ['interrompida', number, number.slice(-8), number.slice(-9), number.slice(2)])
      expect((await searchContacts(term)).map((c) => c.id)).toEqual([pendingId]);
  });

  it.each([
    ['the number', (number: string) => ({ jid: `${number}@s.whatsapp.net`, number, pushName: 'Dupla' })],
    ['the lid', (number: string) => ({ jid: `9${number}@lid`, pushName: 'Dupla' })],
  ])(
    'guards a number and a lid together: concurrent events with both keys or only %s end with one contact holding both',
    async (_, onlyOne) => {
      const { w } = workspace;
      const number = newNumber();
      const lid = `9${number}`;
      const before = await countContacts(w.cid);
      const both = identityOf({ jid: `${number}@s.whatsapp.net`, number, lid, pushName: 'Dupla' }, false);
      const one = identityOf(onlyOne(number), false);
      const matches = await Promise.all(
        [both, one, both, one, both, one].map((identity) => findOrCreateContact(w.cid, identity)),
      );
      const ids = new Set(matches.map((m) => m.contact.id));
      expect(ids.size).toBe(1);
      expect(matches.filter((m) => m.created)).toHaveLength(1);
      const [id] = [...ids];
      expect(await findContactIdByKey(w.cid, 'number', number)).toBe(id);
      expect(await findContactIdByKey(w.cid, 'lid', lid)).toBe(id);
      expect(await getContact(w.cid, id!)).toMatchObject({ number, lid });
      expect(await countContacts(w.cid)).toBe(before + 1);
    },
  );

  it('finishes a creation cut short after its guard with the keys still free, leaving out one another contact took', async () => {
    const { w } = workspace;
    const number = newNumber();
    const lid = `8${number}`;
    const stop = stopBeforeTheContactItem();
    try {
      await expect(findOrCreateContact(w.cid, identityOf({ jid: `${lid}@lid`, pushName: 'Só Lid' }, false))).rejects.toThrow(
        'stopped after the guard',
      );
    } finally {
      stop.mockRestore();
    }
    const pendingId = (await findContactIdByKey(w.cid, 'lid', lid))!;
    // Meanwhile the number became another contact's.
    const other = await findOrCreateContact(w.cid, identityOf({ jid: `${number}@s.whatsapp.net`, number }, false));
    const { contact, created } = await findOrCreateContact(
      w.cid,
      identityOf({ jid: `${number}@s.whatsapp.net`, number, lid, pushName: 'Só Lid' }, false),
    );
    expect(created).toBe(true);
    expect(contact).toMatchObject({ id: pendingId, lid, number: '' });
    expect(await findContactIdByKey(w.cid, 'number', number)).toBe(other.contact.id);
    expect(await getContact(w.cid, pendingId)).toMatchObject({ lid, number: '' });
  });
});
