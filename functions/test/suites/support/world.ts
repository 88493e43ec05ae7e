/**
 * The cast of the manifest-driven suites: company A (the victim) and company B (the attacker), each
 * with an admin, an operator, a connection with a message, and the API, connection and campaign toggles
 * on so every rule is reachable; a fake @connections endpoint records what each socket received; and a
 * snapshot of everything stored for A, to prove an attack changed nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { ulid } from 'ulid';
import { REALTIME_FRAMES_PARAM, REALTIME_PACKED_FRAMES, type RealtimeEnvelope } from '@atende/shared';
import { ddb, tableName } from '../../../src/data/client';
import { putSetting } from '../../../src/data/settings';
import { INVOICE_JOB, runInvoiceJob } from '../../../src/domain/billing/invoice-job';
import { handler as fanout } from '../../../src/handlers/fanout/index';
import { handler as inbound } from '../../../src/handlers/inbound/index';
import { handler as realtime } from '../../../src/handlers/realtime/index';
import { logger } from '../../../src/platform/logger';
import { apiCall } from '../../support/api-event';
import { useFreshTable } from '../../support/fresh-table';
import { sqsEvent, useLocalQueues } from '../../support/local-queues';
import { createTestCompany, createTestUser, type TestUser } from '../../support/tenancy-fixtures';
import { addCampaignRecords, enableCampaigns, type CampaignRecords } from './world-campaigns';

export interface Tenant {
  companyId: string;
  companyName: string;
  admin: TestUser;
  operator: TestUser;
  connection: { id: string; name: string; token: string };
  /** The ticket, contact and message the customer's first message made, a note on it, the first invoice. */
  ticket: { id: string; uuid: string; contactId: string };
  noteId: string;
  scheduleId: string;
  invoiceId: string;
  planId: string;
  /** A queue with one menu option (the queues page's records). */
  queueId: string;
  queueOptionId: string;
  /** A tag, a quick reply and a queue integration (the company-setup pages' records). */
  tagId: string;
  quickMessageId: string;
  queueIntegrationId: string;
  /** A contact list with one item, an INATIVA campaign on it, a chat of the admin and the operator. */
  campaigns: CampaignRecords;
  /** The socket ids opened for the admin and the operator. */
  sockets: { admin: string; operator: string };
  /** Strings that identify this tenant's data: none may appear in an answer or frame meant for another tenant. */
  secrets: string[];
}

const unique = () => ulid().toLowerCase().slice(-8);

async function buildTenant(label: string): Promise<Tenant> {
  const { company } = await createTestCompany({
    name: `Empresa ${label} ${unique()}`,
    planLimits: { useIntegration: true },
  });
  await putSetting(company.id, 'useApi', 'enabled');
  await putSetting(company.id, 'addAlterConnection', 'enabled');
  await enableCampaigns(company.id);
  const admin = await createTestUser(company.id, { profile: 'admin', name: `Admin ${label} ${unique()}` });
  const operator = await createTestUser(company.id, { profile: 'user', name: `Operador ${label} ${unique()}` });
  const created = await apiCall('whatsapp', 'POST', '/whatsapp', {
    token: admin.token,
    body: { name: `Conexão ${label} ${unique()}` },
  });
  if (created.status !== 201)
    throw new Error(`fixture connection of ${label}: ${created.status} ${JSON.stringify(created.body)}`);
  const sockets = { admin: `ws-${label}-admin-${unique()}`, operator: `ws-${label}-op-${unique()}` };
  for (const [id, user] of [
    [sockets.admin, admin],
    [sockets.operator, operator],
  ] as const) {
    // The operator's console takes packed frames, the admin's plain ones: both wire shapes are isolated.
    const frames = user === operator ? { [REALTIME_FRAMES_PARAM]: REALTIME_PACKED_FRAMES } : {};
    const opened = await realtime({
      requestContext: { routeKey: '$connect', connectionId: id },
      queryStringParameters: { token: user.token, ...frames },
    });
    if (opened.statusCode !== 200) throw new Error(`fixture socket of ${label}: ${opened.statusCode}`);
  }
  const connection = {
    id: created.body.id as string,
    name: created.body.name as string,
    token: created.body.token as string,
  };
  const tenant = {
    companyId: company.id,
    companyName: company.name,
    admin,
    operator,
    connection,
    sockets,
    secrets: [
      company.id,
      company.name,
      admin.user.id,
      admin.user.email,
      admin.user.name,
      operator.user.id,
      operator.user.email,
      operator.user.name,
      connection.id,
      connection.name,
      connection.token,
    ],
  } as Tenant;
  await customerWrites(tenant, `mensagem secreta ${label} ${unique()}`);
  const listed = await apiCall('tickets', 'GET', '/tickets', {
    token: admin.token,
    query: { status: 'pending', showAll: 'true' },
  });
  const ticket = listed.body.tickets?.[0];
  if (!ticket) throw new Error(`fixture ticket of ${label}: ${listed.status} ${JSON.stringify(listed.body)}`);
  tenant.ticket = { id: ticket.id, uuid: ticket.uuid, contactId: ticket.contact.id };
  const noteText = `nota secreta ${label} ${unique()}`;
  const note = await apiCall('tickets', 'POST', '/ticket-notes', {
    token: admin.token,
    body: { note: noteText, ticketId: ticket.id, contactId: ticket.contact.id },
  });
  if (note.status !== 200 && note.status !== 201)
    throw new Error(`fixture note of ${label}: ${note.status} ${JSON.stringify(note.body)}`);
  tenant.noteId = note.body.id;
  const scheduleText = `agendamento secreto ${label} ${unique()}`;
  const schedule = await apiCall('messages', 'POST', '/schedules', {
    token: admin.token,
    body: {
      body: scheduleText,
      contactId: ticket.contact.id,
      ticketId: ticket.id,
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  if (schedule.status !== 201)
    throw new Error(`fixture schedule of ${label}: ${schedule.status} ${JSON.stringify(schedule.body)}`);
  tenant.scheduleId = schedule.body.id;
  const invoice = await runInvoiceJob({
    companyId: company.id,
    jobType: INVOICE_JOB,
    jobId: company.dueDate!.slice(0, 10),
    dueAt: new Date().toISOString(),
  });
  if (!invoice) throw new Error(`fixture invoice of ${label}`);
  tenant.invoiceId = invoice.id;
  tenant.planId = company.planId;
  const queueName = `Fila secreta ${label} ${unique()}`;
  const queue = await apiCall('queues', 'POST', '/queue', {
    token: admin.token,
    body: { name: queueName, color: '#0D0E0F' },
  });
  if (queue.status !== 201) throw new Error(`fixture queue of ${label}: ${queue.status} ${JSON.stringify(queue.body)}`);
  const optionTitle = `Opção secreta ${label} ${unique()}`;
  const option = await apiCall('queues', 'POST', '/queue-options', {
    token: admin.token,
    body: { queueId: queue.body.id, title: optionTitle },
  });
  if (option.status !== 201) throw new Error(`fixture queue option of ${label}: ${option.status}`);
  tenant.queueId = queue.body.id;
  tenant.queueOptionId = option.body.id;
  tenant.secrets.push(queueName, queue.body.id, optionTitle, option.body.id);
  await addSetupRecords(tenant, label);
  tenant.campaigns = await addCampaignRecords(tenant, label);
  tenant.secrets.push(
    ticket.id,
    ticket.uuid,
    ticket.contact.id,
    noteText,
    note.body.id,
    scheduleText,
    schedule.body.id,
    invoice.id,
  );
  return tenant;
}

/** The tenant's tag, quick reply and queue integration, each named by a secret. */
async function addSetupRecords(tenant: Tenant, label: string): Promise<void> {
  const made = async (area: 'tickets' | 'messages' | 'integrations', path: string, body: Record<string, unknown>) => {
    const res = await apiCall(area, 'POST', path, { token: tenant.admin.token, body });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`fixture ${path} of ${label}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const tagName = `Etiqueta secreta ${label} ${unique()}`;
  tenant.tagId = await made('tickets', '/tags', { name: tagName, color: '#0A0B0C' });
  const quickText = `resposta secreta ${label} ${unique()}`;
  tenant.quickMessageId = await made('messages', '/quick-messages', {
    shortcode: `segredo${unique()}`,
    message: quickText,
    toAll: true,
  });
  const integrationName = `integracao${label.toLowerCase()}${unique()}`;
  tenant.queueIntegrationId = await made('integrations', '/queueIntegration', {
    name: integrationName,
    type: 'n8n',
    urlApi: `https://example.test/${unique()}`,
  });
  tenant.secrets.push(tagName, tenant.tagId, quickText, tenant.quickMessageId, integrationName, tenant.queueIntegrationId);
}

/** A customer message arriving on the tenant's connection (the inbound worker, as the session host feeds it). */
export async function customerWrites(tenant: Tenant, text: string): Promise<void> {
  tenant.secrets.push(text);
  const result = await inbound(
    sqsEvent([
      {
        groupId: tenant.connection.id,
        body: JSON.stringify({
          type: 'message.received',
          eventId: ulid(),
          companyId: tenant.companyId,
          connectionId: tenant.connection.id,
          occurredAt: new Date().toISOString(),
          message: {
            externalId: ulid(),
            fromMe: false,
            isGroup: false,
            body: text,
            timestamp: new Date().toISOString(),
            contact: {
              jid: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}@s.whatsapp.net`,
              pushName: 'Cliente',
            },
          },
        }),
      },
    ]),
  );
  if (result.batchItemFailures.length) throw new Error('fixture message was not recorded');
}

/** What the fake @connections endpoint received, per socket id. */
export class SocketRecorder {
  readonly frames = new Map<string, RealtimeEnvelope[]>();
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const id = decodeURIComponent((req.url ?? '').replace(/^\/@connections\//, ''));
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        // A packed frame's envelopes are kept as they came, unfiltered, so a leak inside one still shows.
        const posted = JSON.parse(Buffer.concat(chunks).toString('utf8')) as
          RealtimeEnvelope | { frames: RealtimeEnvelope[] };
        const envelopes = 'frames' in posted ? posted.frames : [posted];
        this.frames.set(id, [...(this.frames.get(id) ?? []), ...envelopes]);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    process.env.WS_MANAGEMENT_ENDPOINT = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  of(socketId: string): RealtimeEnvelope[] {
    return this.frames.get(socketId) ?? [];
  }

  async stop(): Promise<void> {
    delete process.env.WS_MANAGEMENT_ENDPOINT;
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

export interface World {
  a: Tenant;
  b: Tenant;
}

export async function buildWorld(): Promise<World> {
  return { a: await buildTenant('A'), b: await buildTenant('B') };
}

export interface SuiteEnv {
  world: World;
  queues: Awaited<ReturnType<typeof useLocalQueues>>;
  sockets: SocketRecorder;
  /** Runs the realtime fan-out over everything published so far. */
  deliverRealtime(): Promise<void>;
}

/** A suite file's setup: fresh table, queues, the socket recorder and the world (fields set in beforeAll). */
export function useWorld(): SuiteEnv {
  const env = { sockets: new SocketRecorder() } as SuiteEnv;
  env.deliverRealtime = async () => {
    const taken = await env.queues.take('realtime');
    if (taken.length) await fanout(sqsEvent(taken.map((m) => ({ body: JSON.stringify(m.body), groupId: m.groupId }))));
  };
  beforeAll(async () => {
    // Local mode: sign-ups land in the outbox and payments in the sandbox, as on `npm start`.
    process.env.LOCAL_MODE = 'true';
    await useFreshTable();
    logger.setLogLevel('SILENT');
    env.queues = await useLocalQueues(1);
    await env.sockets.start();
    env.world = await buildWorld();
    await env.queues.take('outbound-0');
  });
  afterAll(async () => {
    await env.sockets.stop();
    await env.queues?.stop();
  });
  return env;
}

/**
 * Every item stored for a company: its partitions (`C#<cid>#…`) and the platform items that point at
 * it (e-mail locks, locators, token locks). A test table holds a few hundred items, so a Scan is fine here.
 */
export async function snapshotCompany(companyId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
        FilterExpression: 'begins_with(PK, :prefix) OR companyId = :cid',
        ExpressionAttributeValues: { ':prefix': `C#${companyId}#`, ':cid': companyId },
      }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items.sort((x, y) => `${x.PK}|${x.SK}`.localeCompare(`${y.PK}|${y.SK}`));
}

/** Which of `secrets` appear in `value` (an answer body or a frame). */
export function leakedSecrets(value: unknown, secrets: string[]): string[] {
  const text = JSON.stringify(value ?? null);
  return secrets.filter((s) => s && text.includes(s));
}
