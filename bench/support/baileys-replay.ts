/**
 * A recorded-style traffic script for one WhatsApp number, in the shapes Baileys 7 emits (lib/Types/Events.d.ts):
 * the first connection's history sync (`messaging-history.set`, INITIAL_BOOTSTRAP, with the LID↔number
 * mappings Baileys stores from it), the offline burst of a reconnect (`messages.upsert` 'append' then
 * 'notify', each message first decrypted with real Signal), then steady traffic (an inbound message, the
 * reply through the adapter's `send`, its delivery and read receipts, presence). Sizes are parameters.
 */
import { proto, type BaileysEventMap, type Chat, type Contact, type WAMessage } from '@whiskeysockets/baileys';
import type { SealedMessage } from './signal-peers';

export interface ReplayShape {
  historyChats: number;
  historyMessages: number;
  historyContacts: number;
  /** Customers writing during the offline burst and the steady traffic (each gets a Signal session). */
  customers: number;
  offlineMessages: number;
  steadyRounds: number;
}

export const DEFAULT_SHAPE: ReplayShape = {
  historyChats: 500,
  historyMessages: 2_000,
  historyContacts: 500,
  customers: 50,
  offlineMessages: 300,
  steadyRounds: 20,
};

const pn = (session: number, i: number) => `55${String(11_900_000_000 + session * 10_000 + i)}@s.whatsapp.net`;
const lid = (session: number, i: number) => `${String(90_000_000_000_000 + session * 10_000 + i)}@lid`;

export const customerJid = pn;

/** One `messaging-history.set` of the bootstrap sync, as Baileys emits it after processing the history blob. */
export function historySync(session: number, shape: ReplayShape): BaileysEventMap['messaging-history.set'] {
  const now = Math.floor(Date.now() / 1000);
  const chats: Chat[] = Array.from({ length: shape.historyChats }, (_, i) => ({
    id: pn(session, i),
    name: `Cliente ${i}`,
    conversationTimestamp: now - i * 600,
    unreadCount: i % 7,
    lidJid: lid(session, i),
  }));
  const contacts: Contact[] = Array.from({ length: shape.historyContacts }, (_, i) => ({
    id: pn(session, i),
    lid: lid(session, i),
    phoneNumber: pn(session, i),
    name: `Cliente ${i}`,
    notify: `Cli ${i}`,
  }));
  const messages: WAMessage[] = Array.from({ length: shape.historyMessages }, (_, i) => {
    const chat = i % shape.historyChats;
    return {
      key: { remoteJid: pn(session, chat), fromMe: i % 3 === 0, id: `HIST${session}X${i}` },
      message: { conversation: `mensagem antiga ${i} da conversa ${chat}, com algumas palavras a mais` },
      messageTimestamp: now - 86_400 - i * 60,
      status: proto.WebMessageInfo.Status.READ,
      pushName: `Cli ${chat}`,
    };
  });
  return {
    chats,
    contacts,
    messages,
    lidPnMappings: contacts.map((c) => ({ lid: c.lid!, pn: c.id })),
    isLatest: true,
    progress: 100,
    syncType: proto.HistorySync.HistorySyncType.INITIAL_BOOTSTRAP,
  };
}

/** The texts each customer sends: the offline burst spread over the customers, then one per steady round. */
export function customerTexts(session: number, shape: ReplayShape): { jid: string; texts: string[] }[] {
  const customers = Array.from({ length: shape.customers }, (_, c) => ({ jid: pn(session, c), texts: [] as string[] }));
  for (let m = 0; m < shape.offlineMessages; m++)
    customers[m % shape.customers]!.texts.push(`mensagem ${m} enviada enquanto o número estava desconectado`);
  for (let r = 0; r < shape.steadyRounds; r++) customers[r % shape.customers]!.texts.push(`pergunta ${r}: qual o prazo?`);
  return customers;
}

/**
 * Orders sealed messages as they arrive: the offline burst first (round-robin over customers, as written),
 * then the steady ones. Each customer's ciphertexts must be opened in the order they were sealed.
 */
export function arrivalOrder(sealed: SealedMessage[], session: number, shape: ReplayShape) {
  const byCustomer = new Map<string, SealedMessage[]>();
  for (const s of sealed) byCustomer.set(s.from, [...(byCustomer.get(s.from) ?? []), s]);
  const take = (c: number) => byCustomer.get(pn(session, c % shape.customers))!.shift()!;
  const offline = Array.from({ length: shape.offlineMessages }, (_, m) => take(m));
  const steady = Array.from({ length: shape.steadyRounds }, (_, r) => take(r));
  return { offline, steady };
}

/** An inbound message as Baileys emits it after decryption. */
export function inboundMessage(from: string, id: string, message: proto.IMessage): WAMessage {
  return {
    key: { remoteJid: from, fromMe: false, id },
    message,
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: 'Cliente',
    broadcast: false,
  };
}

/** Delivery then read of one of our sends, as receipts (and the status update Baileys emits beside them). */
export function receiptsFor(to: string, id: string) {
  const key = { remoteJid: to, fromMe: true, id };
  const t = Math.floor(Date.now() / 1000);
  return {
    updates: [
      { key, update: { status: proto.WebMessageInfo.Status.DELIVERY_ACK } },
      { key, update: { status: proto.WebMessageInfo.Status.READ } },
    ],
    receipts: [
      { key, receipt: { userJid: to, receiptTimestamp: t } },
      { key, receipt: { userJid: to, readTimestamp: t } },
    ],
  };
}

export function presence(from: string): BaileysEventMap['presence.update'] {
  return { id: from, presences: { [from]: { lastKnownPresence: 'composing' } } };
}
