/**
 * What recording a channel message reads first — the contact's lookup keys, then the contact and its
 * conversation pointer, then the pointer's ticket — read ahead for the FIRST message of each chat in
 * an inbound batch: up to three BatchGetItem calls for the batch instead of four GetItem calls per
 * message (docs/decisions.md "Inbound throughput, round 3"). A chat this process has seen reads fewer
 * rounds: its contact id is known (known-contacts.ts), so the lookups are skipped, and the ticket its
 * last message landed on (known-tickets.ts) is read with the pointer, so when the pointer still names
 * it, one round does it all. Later messages of a chat read the table, since the first may change what
 * they find; and each message's items serve only the finding of its contact and ticket
 * (`closeReadAhead` in on-message-recorded.ts). A failed read-ahead only loses the saving: the
 * messages then read for themselves.
 */
import type { SQSRecord } from 'aws-lambda';
import type { ChannelEvent } from '@atende/shared';
import { contactKey, lookupKey } from '../../data/contacts';
import {
  dropReadAhead,
  hasReadAhead,
  mergeReadAhead,
  peekReadAhead,
  readAhead,
  type ReadAheadItems,
  type TableKey,
} from '../../data/read-ahead';
import { conversationKey, ticketKey } from '../../data/tickets';
import { logger } from '../../platform/logger';
import { identityOf, type ContactIdentity } from '../contacts/channel-identity';
import { knownContactId } from '../contacts/known-contacts';
import { isOwnSendEcho, parseChannelEvent } from './channel-event-schema';
import { knownTicketId } from './known-tickets';

type MessageEvent = Extract<ChannelEvent, { type: 'message.received' | 'message.sent' }>;
interface Unit {
  event: MessageEvent;
  identity: ContactIdentity;
}

export interface InboundReadAhead {
  /** The records parsed here, by SQS message id (the batch does not parse them again). */
  events: Map<string, ChannelEvent>;
  /** Read-ahead items by SQS message id (only the first message event of each group has some). */
  items: Map<string, ReadAheadItems>;
}

export async function readAheadInbound(records: readonly SQSRecord[]): Promise<InboundReadAhead> {
  const events = firstEventOfEachGroup(records);
  const units = new Map<string, Unit>();
  for (const [id, event] of events) {
    if (event.type !== 'message.received' && event.type !== 'message.sent') continue;
    if (isOwnSendEcho(event)) continue; // settled by one read of the message (record-message.ts)
    units.set(id, { event, identity: identityOf(event.message.contact, event.message.isGroup) });
  }
  if (!units.size) return { events, items: new Map() };
  try {
    return { events, items: await readAheadUnits(units) };
  } catch (err) {
    logger.warn('inbound read-ahead failed; the messages read for themselves', { err });
    return { events, items: new Map() };
  }
}

function firstEventOfEachGroup(records: readonly SQSRecord[]): Map<string, ChannelEvent> {
  const seenGroups = new Set<string>();
  const events = new Map<string, ChannelEvent>();
  for (const record of records) {
    const group = record.attributes?.MessageGroupId ?? `record:${record.messageId}`;
    if (seenGroups.has(group)) continue;
    seenGroups.add(group);
    try {
      events.set(record.messageId, parseChannelEvent(record.body));
    } catch {
      // the batch parses it again and reports it; nothing to read for it
    }
  }
  return events;
}

async function readAheadUnits(units: Map<string, Unit>): Promise<Map<string, ReadAheadItems>> {
  // A chat seen before reads its contact, conversation pointer and last ticket in the first round,
  // with the other chats' lookups. The pointer decides: if it names another ticket, the guess is
  // dropped and that ticket is read in the next round.
  const contactIds = new Map<string, string>();
  const guesses = new Map<string, TableKey>(); // the ticket a known chat's last message landed on
  for (const [id, { event, identity }] of units) {
    const contactId = knownContactId(event.companyId, identity);
    if (!contactId) continue;
    contactIds.set(id, contactId);
    const ticketId = knownTicketId(event.companyId, event.connectionId, contactId);
    if (ticketId) guesses.set(id, ticketKey(event.companyId, ticketId));
  }
  const known = new Set(contactIds.keys());
  const pointerKey = ({ event }: Unit, id: string) =>
    conversationKey(event.companyId, event.connectionId, contactIds.get(id)!);
  const contactAndPointer = (unit: Unit, id: string): TableKey[] => {
    const contactId = contactIds.get(id);
    return contactId ? [contactKey(unit.event.companyId, contactId), pointerKey(unit, id)] : [];
  };
  /** The pointer's ticket, unless the items already hold it (a right guess); a wrong guess is dropped. */
  const ticketOfPointer = (unit: Unit, id: string, items: ReadAheadItems | undefined): TableKey[] => {
    if (!contactIds.has(id) || !items) return [];
    const pointer = peekReadAhead(items, pointerKey(unit, id));
    const wanted = typeof pointer?.ticketId === 'string' ? ticketKey(unit.event.companyId, pointer.ticketId) : undefined;
    const guess = guesses.get(id);
    if (guess && guess.PK !== wanted?.PK) dropReadAhead(items, guess);
    return wanted && !hasReadAhead(items, wanted) ? [wanted] : [];
  };

  const first = await readAhead(
    keysOf(units, (unit, id) => {
      if (!known.has(id)) return lookupKeys(unit);
      const guess = guesses.get(id);
      return [...contactAndPointer(unit, id), ...(guess ? [guess] : [])];
    }),
  );
  for (const [id, { event, identity }] of units) {
    if (known.has(id)) continue;
    const items = first.get(id)!;
    const byLid = identity.lid ? peekReadAhead(items, lookupKey(event.companyId, 'lid', identity.lid)) : undefined;
    // As findContact reads: the number only when the lid found nothing.
    if (byLid && identity.number) dropReadAhead(items, lookupKey(event.companyId, 'number', identity.number));
    const byNumber =
      !byLid && identity.number ? peekReadAhead(items, lookupKey(event.companyId, 'number', identity.number)) : undefined;
    const contactId = (byLid ?? byNumber)?.contactId;
    if (typeof contactId === 'string') contactIds.set(id, contactId);
  }
  const second = await readAhead(
    keysOf(units, (unit, id) => (known.has(id) ? ticketOfPointer(unit, id, first.get(id)) : contactAndPointer(unit, id))),
  );
  const third = await readAhead(
    keysOf(units, (unit, id) => (known.has(id) ? [] : ticketOfPointer(unit, id, second.get(id)))),
  );
  for (const [id, items] of first) {
    mergeReadAhead(items, second.get(id));
    mergeReadAhead(items, third.get(id));
  }
  return first;
}

const lookupKeys = ({ event, identity }: Unit): TableKey[] => [
  ...(identity.lid ? [lookupKey(event.companyId, 'lid', identity.lid)] : []),
  ...(identity.number ? [lookupKey(event.companyId, 'number', identity.number)] : []),
];

function keysOf(units: Map<string, Unit>, keys: (unit: Unit, id: string) => TableKey[]): Map<string, TableKey[]> {
  return new Map([...units].map(([id, unit]) => [id, keys(unit, id)]));
}
