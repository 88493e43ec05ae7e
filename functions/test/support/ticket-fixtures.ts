/**
 * The cast of the ticket workspace tests: a company with two queues (A, B), an admin, an operator of
 * queue A, an operator of queue B, a connection serving queue A, and customers writing in through
 * the real inbound handler (SQS event → channel event → contact → message → ticket).
 */
import { ulid } from 'ulid';
import { afterAll, beforeAll } from 'vitest';
import type { ChannelEvent, ConnectionDto, MessageDto, TicketDto } from '@atende/shared';
import { findContactIdByKey } from '../../src/data/contacts';
import { putQueue } from '../../src/data/queues';
import { getConversation } from '../../src/data/tickets';
import { putSetting } from '../../src/data/settings';
import { forgetBotSetups } from '../../src/domain/bots/bot-setup';
import { handler as inbound } from '../../src/handlers/inbound/index';
import { logger } from '../../src/platform/logger';
import { apiCall } from './api-event';
import { useFreshTable } from './fresh-table';
import { sqsEvent, useLocalQueues } from './local-queues';
import { createTestTenant, createTestUser } from './tenancy-fixtures';

export type Workspace = Awaited<ReturnType<typeof createWorkspace>>;

export async function startWorkspaceEmulators() {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  return useLocalQueues(1);
}

/** This file's emulators and workspace, made before its tests and stopped after: read `.w` inside a test. */
export function useWorkspace(): { readonly w: Workspace } {
  const holder: { w?: Workspace; queues?: Awaited<ReturnType<typeof startWorkspaceEmulators>> } = {};
  beforeAll(async () => {
    holder.queues = await startWorkspaceEmulators();
    holder.w = await createWorkspace();
  });
  afterAll(async () => {
    await holder.queues?.stop();
  });
  return {
    get w() {
      if (!holder.w) throw new Error('the workspace is made in beforeAll');
      return holder.w;
    },
  };
}

export async function createWorkspace(
  options: { settings?: { key: string; value: string }[]; connectionQueues?: 'A' | 'none' } = {},
) {
  const tenant = await createTestTenant({ settings: options.settings });
  const cid = tenant.company.id;
  const now = new Date().toISOString();
  const queueA = {
    id: ulid(),
    companyId: cid,
    name: 'Fila A',
    color: '#111111',
    greetingMessage: '',
    outOfHoursMessage: '',
    orderQueue: 1,
    createdAt: now,
    updatedAt: now,
  };
  const queueB = { ...queueA, id: ulid(), name: 'Fila B', color: '#222222', orderQueue: 2 };
  await putQueue(queueA);
  await putQueue(queueB);
  const operatorA = await createTestUser(cid, { name: 'Operadora A', queueIds: [queueA.id] });
  const operatorB = await createTestUser(cid, { name: 'Operador B', queueIds: [queueB.id] });
  const queueIds = options.connectionQueues === 'none' ? [] : [queueA.id];
  const created = await apiCall('whatsapp', 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: `Conexão ${ulid().slice(-6)}`, queueIds },
  });
  if (created.status !== 201) throw new Error(`connection: ${created.status} ${JSON.stringify(created.body)}`);
  const connection = created.body as ConnectionDto;
  forgetBotSetups();
  return { ...tenant, cid, queueA, queueB, operatorA, operatorB, connection };
}

export async function setCompanySetting(w: Workspace, key: string, value: string) {
  await putSetting(w.cid, key, value); // drops this process's cached settings itself
  forgetBotSetups();
}

export interface CustomerMessage {
  number: string;
  name?: string;
  body?: string;
  externalId?: string;
  fromMe?: boolean;
  isGroup?: boolean;
  jid?: string;
  /** When the customer wrote it (default: now). */
  timestamp?: string;
}

export function customerEvent(w: Workspace, m: CustomerMessage): ChannelEvent {
  const externalId = m.externalId ?? `3EB0${ulid()}`;
  return {
    eventId: `msg:${w.connection.id}:${externalId}`,
    companyId: w.cid,
    connectionId: w.connection.id,
    occurredAt: new Date().toISOString(),
    type: m.fromMe ? 'message.sent' : 'message.received',
    message: {
      externalId,
      fromMe: m.fromMe ?? false,
      isGroup: m.isGroup ?? false,
      body: m.body ?? 'Olá',
      timestamp: m.timestamp ?? new Date().toISOString(),
      contact: { jid: m.jid ?? `${m.number}@${m.isGroup ? 'g.us' : 's.whatsapp.net'}`, number: m.number, pushName: m.name },
    },
  };
}

/** Delivers events as one SQS batch, each in its chat's FIFO group (as the session host publishes them). */
export async function deliver(...events: ChannelEvent[]) {
  const result = await inbound(
    sqsEvent(
      events.map((e) => ({
        body: JSON.stringify(e),
        groupId:
          e.type.startsWith('message.') && 'message' in e ? `${e.connectionId}:${e.message.contact.jid}` : e.connectionId,
      })),
    ),
  );
  if (result.batchItemFailures.length) throw new Error(`inbound failures: ${result.batchItemFailures.length}`);
  return result;
}

export const customerSays = (w: Workspace, m: CustomerMessage) => deliver(customerEvent(w, m));

export async function listTickets(token: string, query: Record<string, string | number | boolean | undefined> = {}) {
  const res = await apiCall('tickets', 'GET', '/tickets', { token, query });
  if (res.status !== 200) throw new Error(`GET /tickets: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { tickets: TicketDto[]; count: number; hasMore: boolean; cursor?: string };
}

/** The current ticket of a customer number on the workspace's connection, as the admin reads it. */
export async function ticketOf(w: Workspace, number: string): Promise<TicketDto | undefined> {
  const contactId = await findContactIdByKey(w.cid, 'number', number);
  const pointer = contactId ? await getConversation(w.cid, w.connection.id, contactId) : undefined;
  if (!pointer) return undefined;
  const res = await getTicket(w.admin.token, pointer.ticketId);
  return res.status === 200 ? res.body : undefined;
}

export const putTicket = (token: string, id: string, body: unknown) =>
  apiCall('tickets', 'PUT', '/tickets/{id}', { token, pathParameters: { id }, body });
export const getTicket = (token: string, id: string) =>
  apiCall('tickets', 'GET', '/tickets/{id}', { token, pathParameters: { id } });
/** A ticket's newest page of messages, as `GET /messages/{id}` answers it (the assigned user reading marks it read). */
export const conversationOf = async (token: string, ticketId: string): Promise<MessageDto[]> =>
  (await apiCall('messages', 'GET', '/messages/{id}', { token, pathParameters: { id: ticketId } })).body.messages;

let counter = 0;
/** A fresh Brazilian mobile number per call. */
export const newNumber = () => `55119${String(Date.now() % 1e4).padStart(4, '0')}${String(++counter).padStart(4, '0')}`;
