/**
 * What the platform shows from outside: its GET routes as the operator reads them, the simulated
 * customers' phones (the simulator's own record), and an operator's realtime socket. Never the
 * tables. Reads are retried like a console would, so a read that meets a fault is not a finding.
 */
import type { ContactListAnswer, MessageListAnswer, SimMessageView, TicketListAnswer } from '@atende/shared';
import type { ConsoleUser } from './console-user';
import type { FaultPlatform } from './fault-platform';
import type { Observed, Sent } from './verdict';

async function read<T>(user: ConsoleUser, path: string): Promise<T> {
  const answer = await user.retried<T>('GET', path);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Every page of a cursor list. */
async function allPages<T extends { hasMore: boolean; cursor?: string }>(
  user: ConsoleUser,
  path: string,
  items: (page: T) => unknown[],
): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await read<T>(user, cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path);
    all.push(...items(page));
    if (!page.hasMore || !page.cursor) break;
    cursor = page.cursor;
  }
  return all;
}

/** By customer number: the tickets (pending and open) the operator sees, with their messages' bodies and last message. */
export async function ticketsOf(user: ConsoleUser, numbers: string[]): Promise<Observed['tickets']> {
  const wanted = new Set(numbers);
  const tickets = [] as TicketListAnswer['tickets'];
  for (const status of ['pending', 'open']) {
    const page = await allPages<TicketListAnswer>(user, `/tickets?status=${status}`, (p) => p.tickets);
    tickets.push(...(page as TicketListAnswer['tickets']).filter((t) => wanted.has(t.contact.number)));
  }
  const byCustomer: Observed['tickets'] = Object.fromEntries(numbers.map((n) => [n, []]));
  const seen = new Set<string>();
  for (const ticket of tickets) {
    if (seen.has(ticket.id)) continue; // moved from pending to open between the two reads
    seen.add(ticket.id);
    const messages = (await allPages<MessageListAnswer>(
      user,
      `/messages/${ticket.id}`,
      (p) => p.messages,
    )) as MessageListAnswer['messages'];
    // In the conversation's order (its time, then its id), as the console shows it.
    const ordered = [...messages].sort((a, b) => `${a.createdAt}#${a.id}`.localeCompare(`${b.createdAt}#${b.id}`));
    byCustomer[ticket.contact.number]!.push({
      ticketId: ticket.id,
      bodies: ordered.map((m) => m.body),
      lastMessage: ticket.lastMessage,
    });
  }
  return byCustomer;
}

type PhoneView = Pick<FaultPlatform, 'sim' | 'connectionId'>;

/** Everything on a simulated customer's phone, both sides (the simulator's own record). */
export async function phoneMessages(platform: PhoneView, number: string): Promise<SimMessageView[]> {
  const path = `/connections/${platform.connectionId}/contacts/${number}/messages`;
  return (await platform.sim<{ messages: SimMessageView[] }>('GET', path)).messages;
}

/**
 * By customer number: the business's messages on the customer's phone. `unwrittenEmpty`: a phone the
 * business never wrote to (the simulator has no conversation: 404) shows nothing, instead of failing.
 */
export async function phonesOf(
  platform: PhoneView,
  numbers: string[],
  { unwrittenEmpty = false } = {},
): Promise<Observed['phones']> {
  const entries = await Promise.all(
    numbers.map(async (number) => {
      const messages = await phoneMessages(platform, number).catch((err: unknown) => {
        if (unwrittenEmpty && / → 404 /.test(String(err))) return [];
        throw err;
      });
      return [number, messages.filter((m) => m.from === 'business').map((m) => m.text)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Polls until every expected message is on its customer's phone; false after `limitMs`. */
export async function untilOnPhones(platform: PhoneView, expected: Sent[], limitMs: number): Promise<boolean> {
  const numbers = [...new Set(expected.map((e) => e.customer))];
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const phones = await phonesOf(platform, numbers, { unwrittenEmpty: true }).catch(() => undefined);
    if (phones && expected.every((e) => phones[e.customer]?.some((text) => text.includes(e.token)))) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** By customer number: how many of the company's contacts hold it (the contact search). */
export async function contactsOf(user: ConsoleUser, numbers: string[]): Promise<Observed['contacts']> {
  const entries = await Promise.all(
    numbers.map(async (number) => {
      const found = (await allPages<ContactListAnswer>(
        user,
        `/contacts?searchParam=${number}`,
        (p) => p.contacts,
      )) as ContactListAnswer['contacts'];
      return [number, found.filter((c) => c.number === number).length] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export interface AckWatch {
  acks: Observed['acks'];
  close(): void;
}

/** An operator's socket, keeping every message's acks in the order they arrive. */
export async function watchAcks(user: ConsoleUser): Promise<AckWatch> {
  const socket = await user.socket();
  const acks: Observed['acks'] = {};
  socket.onEnvelope((envelope) => {
    if (!envelope.channel.endsWith('-appMessage')) return;
    const message = envelope.data.message as { id?: string; ack?: number } | undefined;
    if (message?.id && typeof message.ack === 'number') (acks[message.id] ??= []).push(message.ack);
  });
  return { acks, close: () => socket.close() };
}
