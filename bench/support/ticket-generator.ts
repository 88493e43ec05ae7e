/**
 * Fills one company with N tickets of 10 messages each, straight into DynamoDB with BatchWriteItem,
 * using the entity modules' own item builders (ticketItem, messageItem, contactItems, indexItems …),
 * so the data has exactly the keys, list entries, counters and search entries the API writes.
 * Statuses 5 % open / 10 % pending / 85 % closed; queues and users round-robin; activity spread
 * over the last 90 days; each conversation alternates three phrases. Not written: the by-id message
 * references (`MSGREF`, read only by delete/quote/sendFailed, which the bench does not call) —
 * 10 items a ticket less, on a machine where the fill is the slow part.
 */
import { ulid } from '@atende/shared/ids';
import { DEFAULT_TIME_ZONE, type TicketStatus } from '@atende/shared';
import { batchWrite, type WriteRequest } from '../../functions/src/data/table-operations';
import { addToContactCount, contactItems, contactSearchTokens, type ContactRecord } from '../../functions/src/data/contacts';
import { addToDashboardDay, localSlot, ticketDayDeltas } from '../../functions/src/data/dashboard-days';
import { messageItem, type MessageRecord } from '../../functions/src/data/messages';
import { indexItems } from '../../functions/src/data/search-index';
import { tokensOf } from '../../functions/src/data/search-tokens';
import { addToTicketCounters, counterSks } from '../../functions/src/data/ticket-counters';
import { ticketItem, ticketSideItems, ticketUuid, type TicketRecord } from '../../functions/src/data/tickets';

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Isabela',
  'João',
  'Karina',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Olívia',
  'Pedro',
  'Queila',
  'Rafael',
  'Sofia',
  'Thiago',
];
const LAST = [
  'Silva',
  'Souza',
  'Oliveira',
  'Santos',
  'Lima',
  'Pereira',
  'Costa',
  'Almeida',
  'Ferreira',
  'Gomes',
  'Ribeiro',
  'Carvalho',
  'Rocha',
  'Martins',
  'Barbosa',
];
const PHRASES = [
  'Olá, bom dia',
  'Preciso de ajuda com meu pedido',
  'Meu boleto venceu',
  'Qual o prazo de entrega?',
  'Obrigado pelo retorno',
  'Quero trocar o produto',
  'A nota fiscal não chegou',
  'Posso pagar com pix?',
  'O produto chegou com defeito',
  'Vocês abrem no sábado?',
  'Segue o comprovante',
  'Qual o valor do frete?',
  'Gostaria de cancelar a compra',
  'Ainda não recebi o código de rastreio',
  'Perfeito, muito obrigado',
];

export interface GeneratedCompany {
  companyId: string;
  connectionId: string;
  channel: 'whatsapp';
  queueIds: string[];
  userIds: string[];
}
export interface GeneratorProgress {
  (written: number, total: number): void;
}

/** Writes tickets number `first` … `first + count − 1` of the company (numbers, names and contacts follow the index). */
export async function generateTickets(
  company: GeneratedCompany,
  count: number,
  progress?: GeneratorProgress,
  first = 0,
): Promise<{ sampleTicketIds: string[] }> {
  const counters = new Map<string, number>();
  const days = new Map<string, Map<string, number>>();
  const now = Date.now();
  const sample: string[] = [];
  const CHUNK = 500;
  let contactsTotal = 0;
  for (let start = first; start < first + count; start += CHUNK) {
    const items: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(first + count, start + CHUNK); i++) {
      const { ticket, rest } = oneTicket(company, i, now);
      items.push(...rest);
      for (const sk of counterSks(ticket)) counters.set(sk, (counters.get(sk) ?? 0) + 1);
      addDashboardFigures(days, ticket);
      contactsTotal++;
      if (i % 50 === 0) sample.push(ticket.id);
    }
    await batchWrite(
      items.map((Item): WriteRequest => ({ PutRequest: { Item } })),
      undefined,
      { parallel: 12 },
    );
    progress?.(Math.min(first + count, start + CHUNK) - first, count);
  }
  await addToTicketCounters(company.companyId, counters);
  await addToContactCount(company.companyId, contactsTotal);
  for (const [day, deltas] of days) await addToDashboardDay(company.companyId, day, deltas);
  return { sampleTicketIds: sample };
}

/**
 * The dashboard's day figures of one generated ticket, as its life would have moved them: opened
 * pending (a new contact: one lead), accepted an hour later, resolved at its last message.
 */
function addDashboardFigures(days: Map<string, Map<string, number>>, t: TicketRecord): void {
  const day = localSlot(t.createdAt, DEFAULT_TIME_ZONE).slice(0, 10);
  const figures = days.get(day) ?? new Map<string, number>();
  days.set(day, figures);
  const add = (deltas: Map<string, number>) => {
    for (const [name, d] of deltas) figures.set(name, (figures.get(name) ?? 0) + d);
  };
  const pending = { ...t, status: 'pending' as const, userId: null, acceptedAt: null };
  add(ticketDayDeltas(null, pending, t.createdAt));
  add(new Map([['leads', 1]]));
  if (t.status === 'pending') return;
  const acceptedAt = new Date(Date.parse(t.createdAt) + 60_000).toISOString();
  const open = { ...t, status: 'open' as const, acceptedAt };
  add(ticketDayDeltas(pending, open, acceptedAt));
  if (t.status === 'closed') add(ticketDayDeltas(open, t, t.closedAt ?? t.updatedAt));
}

/**
 * The i-th generated contact of a company: a first name, a surname (one of 15, so a surname matches
 * a fifteenth of the company) and i, and a distinct Brazilian mobile number.
 */
export function benchContact(companyId: string, i: number, createdAt: string): ContactRecord {
  return {
    id: ulid(),
    companyId,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    number: `55${11 + (i % 80)}9${String(10_000_000 + i).slice(-8)}`,
    lid: null,
    email: '',
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    createdAt,
    updatedAt: createdAt,
  };
}

/** A contact's stored items as the API writes them: the contact, its number lookup and its search entries. */
export const benchContactItems = (contact: ContactRecord) => [
  ...contactItems(contact),
  ...indexItems('CIX', contact.companyId, contact.id, contactSearchTokens(contact)),
];

function oneTicket(c: GeneratedCompany, i: number, now: number): { ticket: TicketRecord; rest: Record<string, unknown>[] } {
  const roll = i % 20;
  const status: TicketStatus = roll === 0 ? 'open' : roll <= 2 ? 'pending' : 'closed';
  const createdAt = new Date(now - ((i * 7919) % (90 * 86_400_000)) - 3_600_000).toISOString();
  const contact = benchContact(c.companyId, i, createdAt);
  const messages: MessageRecord[] = [];
  const ticketId = ulid();
  for (let m = 0; m < 10; m++) {
    const at = new Date(Date.parse(createdAt) + m * 60_000).toISOString();
    const externalId = `3EB0${ulid()}`;
    messages.push({
      id: ulid(),
      companyId: c.companyId,
      connectionId: c.connectionId,
      contactId: contact.id,
      externalId,
      body: PHRASES[(i + (m % 3) * 5) % PHRASES.length]!,
      fromMe: m % 2 === 1,
      mediaKey: null,
      mediaType: null,
      mediaMimetype: null,
      mediaFileName: null,
      ack: m % 2 === 1 ? 3 : 0,
      read: true,
      isDeleted: false,
      editedMessage: null,
      quotedMsg: null,
      isGroup: false,
      participant: null,
      ticketId,
      queueId: null,
      clientMessageId: null,
      createdAt: at,
      updatedAt: at,
      pipelineDone: true,
    });
  }
  const last = messages[messages.length - 1]!;
  const queueId = c.queueIds[i % c.queueIds.length]!;
  const ticket: TicketRecord = {
    id: ticketId,
    uuid: ticketUuid(ticketId),
    companyId: c.companyId,
    status,
    contactId: contact.id,
    connectionId: c.connectionId,
    channel: c.channel,
    userId: status === 'pending' ? null : c.userIds[i % c.userIds.length]!,
    queueId,
    unreadMessages: status === 'pending' ? 1 + (i % 3) : 0,
    lastMessage: last.body,
    lastMessageAt: last.createdAt,
    tagIds: [],
    chatbot: false,
    isGroup: false,
    createdAt,
    updatedAt: last.createdAt,
    closedAt: status === 'closed' ? last.createdAt : null,
  };
  for (const m of messages) m.queueId = queueId;
  const ticketTokens = [...new Set(messages.flatMap((m) => tokensOf(m.body)))];
  return {
    ticket,
    rest: [
      ...benchContactItems(contact),
      ticketItem(ticket),
      ...ticketSideItems(ticket, { ticketId, active: status !== 'closed', closedAt: ticket.closedAt }),
      ...messages.map(messageItem),
      ...indexItems('TIX', c.companyId, ticketId, ticketTokens),
    ],
  };
}
