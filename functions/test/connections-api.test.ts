/**
 * Connections API (spec part 2 §3–§9): fields, default-connection rules, plan limit, permissions,
 * channel toggles, transfer-queue rules, API token, session commands and tenant isolation.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { CONNECTION_MSG, type ApiErrorBody, type ConnectionDto } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { putSetting } from '../src/data/settings';
import { getDefaultConnection } from '../src/domain/connections/read-connections';
import { logger } from '../src/platform/logger';
import { apiCall } from './support/api-event';
import { useFreshTable } from './support/fresh-table';
import { useLocalQueues } from './support/local-queues';
import { createTestTenant, createTestUser, type TestUser } from './support/tenancy-fixtures';

type Tenant = Awaited<ReturnType<typeof createTestTenant>>;
/** A connection, or an error answer. */
type Answer = ConnectionDto & Partial<ApiErrorBody>;
let queues: Awaited<ReturnType<typeof useLocalQueues>>;
let superUser: TestUser;

const create = (token: string, body: Record<string, unknown>) =>
  apiCall<Answer>('whatsapp', 'POST', '/whatsapp', { token, body });
const update = (token: string, id: string, body: Record<string, unknown>) =>
  apiCall<Answer>('whatsapp', 'PUT', '/whatsapp/{id}', { token, pathParameters: { id }, body });
const remove = (token: string, id: string) =>
  apiCall('whatsapp', 'DELETE', '/whatsapp/{id}', { token, pathParameters: { id } });
const show = (token: string, id: string) =>
  apiCall<Answer>('whatsapp', 'GET', '/whatsapp/{id}', { token, pathParameters: { id } });
const list = (token: string) => apiCall<ConnectionDto[]>('whatsapp', 'GET', '/whatsapp', { token, query: { session: 0 } });
const outboundCommands = async () => [...(await queues.take('outbound-0')), ...(await queues.take('outbound-1'))];

/** The queues area has no write API yet: seed queue items the way data/queues.ts reads them. */
async function seedQueue(companyId: string, name: string): Promise<string> {
  const id = ulid();
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { PK: `C#${companyId}#QUEUE#${id}`, SK: 'QUEUE', id, name, color: '#123456' },
    }),
  );
  return id;
}

beforeAll(async () => {
  await useFreshTable();
  logger.setLogLevel('SILENT');
  queues = await useLocalQueues(2);
  const platform = await createTestTenant({ isPlatform: true, dueInDays: null });
  superUser = await createTestUser(platform.company.id, { profile: 'admin', super: true });
});
afterAll(async () => {
  await queues?.stop();
});

describe('creating a connection', () => {
  let t: Tenant;
  beforeEach(async () => {
    t = await createTestTenant();
    await outboundCommands();
  });

  it('stores every field, makes the first one default, and asks its shard to start the session', async () => {
    const res = await create(t.admin.token, {
      name: 'Comercial',
      greetingMessage: 'Olá {{name}}',
      complationMessage: 'Tchau',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      isDefault: false,
      queues: [{ id: 'ignored' }],
      session: 'ignored',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Comercial',
      channel: 'whatsapp',
      status: 'OPENING',
      isDefault: true,
      provider: 'beta',
      number: '',
      qrcode: '',
      greetingMessage: 'Olá {{name}}',
      complationMessage: 'Tchau',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      queueIds: [],
      queues: [],
      timeToTransfer: null,
      transferQueueId: null,
    });
    expect(res.body.token).toBeUndefined(); // company without useApi
    const commands = await outboundCommands();
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      groupId: res.body.id,
      body: { type: 'session.start', connectionId: res.body.id, companyId: t.company.id },
    });
    expect(commands[0]!.deduplicationId).toBe(commands[0]!.body.commandId);
    expect(['simulator', 'baileys']).toContain(commands[0]!.body.adapter);
  });

  it('requires a name, with the spec message', async () => {
    const res = await create(t.admin.token, { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { name: CONNECTION_MSG.nameRequired } });
  });

  it('generates a 64-character alphanumeric token, shown to admins when the company uses the API', async () => {
    await putSetting(t.company.id, 'useApi', 'enabled');
    const res = await create(t.admin.token, { name: 'API' });
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{64}$/);
    const asOperator = await show(t.operator.token, res.body.id);
    expect(asOperator.status).toBe(200);
    expect(asOperator.body.token).toBeUndefined();
  });

  it('refuses a malformed token', async () => {
    const res = await create(t.admin.token, { name: 'X', token: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.fields?.token).toBe(CONNECTION_MSG.invalidToken);
  });

  it('stops at the plan connection limit', async () => {
    for (let i = 0; i < t.plan.connections; i++) expect((await create(t.admin.token, { name: `C${i}` })).status).toBe(201);
    const res = await create(t.admin.token, { name: 'one too many' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'ERR_CONNECTION_LIMIT' });
    expect((await list(t.admin.token)).body).toHaveLength(t.plan.connections);
  });

  it('spreads connections over the shards (least loaded)', async () => {
    const other = await createTestTenant();
    await create(t.admin.token, { name: 'a' });
    await create(other.admin.token, { name: 'b' });
    const commands = await outboundCommands();
    expect(commands).toHaveLength(2);
    expect(new Set(commands.map((c) => c.body.connectionId)).size).toBe(2);
    expect((await queues.take('outbound-0')).length + (await queues.take('outbound-1')).length).toBe(0);
  });
});

describe('channels and toggles', () => {
  let t: Tenant;
  beforeAll(async () => {
    t = await createTestTenant();
  });

  it('refuses Facebook and Instagram without the company toggles, with the spec messages', async () => {
    const fb = await create(t.admin.token, { name: 'FB', channel: 'facebook' });
    expect(fb.status).toBe(400);
    expect(fb.body).toEqual({ error: 'ERR_FACEBOOK_DISABLED' });
    const ig = await create(t.admin.token, { name: 'IG', channel: 'instagram' });
    expect(ig.body).toEqual({ error: 'ERR_INSTAGRAM_DISABLED' });
    const viaFacebookRoute = await apiCall('whatsapp', 'POST', '/facebook', {
      token: t.admin.token,
      body: { facebookUserId: '1', facebookUserToken: 't', addInstagram: true },
    });
    expect(viaFacebookRoute.body.error).toBe('ERR_INSTAGRAM_DISABLED');
  });

  it('answers "not available" for Meta channels even when enabled, and "in development" for Telegram', async () => {
    await putSetting(t.company.id, 'useFacebook', 'enabled');
    const viaRoute = await apiCall('whatsapp', 'POST', '/facebook', {
      token: t.admin.token,
      body: { facebookUserId: '1', facebookUserToken: 't' },
    });
    expect(viaRoute.status).toBe(400);
    expect(viaRoute.body).toEqual({ error: 'ERR_FEATURE_UNAVAILABLE' });
    const telegram = await create(t.admin.token, { name: 'TG', channel: 'telegram' });
    expect(telegram.body).toEqual({ error: 'ERR_CHANNEL_IN_DEVELOPMENT' });
  });
});

describe('transfer queue rules (spec §5)', () => {
  let t: Tenant;
  let sales: string;
  let support: string;
  beforeAll(async () => {
    t = await createTestTenant();
    sales = await seedQueue(t.company.id, 'Vendas');
    support = await seedQueue(t.company.id, 'Suporte');
  });

  it('needs a transfer queue when minutes are set', async () => {
    const res = await create(t.admin.token, { name: 'T', queueIds: [sales], timeToTransfer: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'ERR_TRANSFER_QUEUE_REQUIRED',
      fields: { transferQueueId: CONNECTION_MSG.transferQueueRequired },
    });
  });

  it('needs the transfer queue among the connection queues', async () => {
    const res = await create(t.admin.token, { name: 'T', queueIds: [sales], timeToTransfer: '5', transferQueueId: support });
    expect(res.body).toEqual({
      error: 'ERR_TRANSFER_QUEUE_NOT_SELECTED',
      fields: { transferQueueId: CONNECTION_MSG.transferQueueNotSelected },
    });
  });

  it('clears queue and time when minutes are empty or 0, and resolves queue names', async () => {
    const created = await create(t.admin.token, {
      name: 'T',
      queueIds: [sales, support],
      timeToTransfer: '',
      transferQueueId: support,
    });
    expect(created.body).toMatchObject({
      timeToTransfer: null,
      transferQueueId: null,
      queues: [
        { id: sales, name: 'Vendas' },
        { id: support, name: 'Suporte' },
      ],
    });
    const set = await update(t.admin.token, created.body.id, { timeToTransfer: 10, transferQueueId: support });
    expect(set.body).toMatchObject({ timeToTransfer: 10, transferQueueId: support });
    const cleared = await update(t.admin.token, created.body.id, { timeToTransfer: 0 });
    expect(cleared.body).toMatchObject({ timeToTransfer: null, transferQueueId: null });
    const dropsQueue = await update(t.admin.token, created.body.id, {
      timeToTransfer: 10,
      transferQueueId: support,
      queueIds: [sales],
    });
    expect(dropsQueue.body.error).toBe('ERR_TRANSFER_QUEUE_NOT_SELECTED');
  });

  it('refuses queues of another company', async () => {
    const other = await createTestTenant();
    const foreign = await seedQueue(other.company.id, 'Alheia');
    const res = await create(t.admin.token, { name: 'T', queueIds: [foreign] });
    expect(res.status).toBe(400);
    expect(res.body.fields?.queueIds).toBe(CONNECTION_MSG.unknownQueue);
  });
});

describe('default connection rules', () => {
  it('moves the default, refuses to leave the company without one, and reports when there is none', async () => {
    const t = await createTestTenant();
    const first = (await create(t.admin.token, { name: 'Primeira' })).body;
    const second = (await create(t.admin.token, { name: 'Segunda', isDefault: true })).body;
    expect(second.isDefault).toBe(true);
    expect((await show(t.admin.token, first.id)).body.isDefault).toBe(false);

    const unset = await update(t.admin.token, second.id, { isDefault: false });
    expect(unset.status).toBe(400);
    expect(unset.body.error).toBe('ERR_NO_OTHER_WHATSAPP');
    const deleteDefault = await remove(t.admin.token, second.id);
    expect(deleteDefault.body.error).toBe('ERR_NO_OTHER_WHATSAPP');

    expect((await update(t.admin.token, first.id, { isDefault: true })).body.isDefault).toBe(true);
    expect((await show(t.admin.token, second.id)).body.isDefault).toBe(false);
    expect((await list(t.admin.token)).body.filter((c) => c.isDefault).map((c) => c.id)).toEqual([first.id]);

    expect((await remove(t.admin.token, second.id)).status).toBe(204);
    expect((await getDefaultConnection(t.company.id)).id).toBe(first.id);
    expect((await remove(t.admin.token, first.id)).status).toBe(204); // the last one may go
    await expect(getDefaultConnection(t.company.id)).rejects.toMatchObject({ code: 'ERR_NO_DEF_WAPP_FOUND' });
    expect((await create(t.admin.token, { name: 'Nova' })).body.isDefault).toBe(true);
  });

  it('keeps exactly one default when two are created at once', async () => {
    const t = await createTestTenant();
    const results = await Promise.all([create(t.admin.token, { name: 'A' }), create(t.admin.token, { name: 'B' })]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect((await list(t.admin.token)).body.filter((c) => c.isDefault)).toHaveLength(1);
  });
});

describe('permissions', () => {
  let t: Tenant;
  let connection: ConnectionDto;
  beforeAll(async () => {
    t = await createTestTenant();
    connection = (await create(t.admin.token, { name: 'Principal' })).body;
  });

  it('blocks operators from managing connections unless addAlterConnection is enabled', async () => {
    const token = t.operator.token;
    const id = { id: connection.id };
    const attempts = [
      await create(token, { name: 'X' }),
      await update(token, connection.id, { name: 'Y' }),
      await remove(token, connection.id),
      await apiCall('whatsapp', 'POST', '/whatsappsession/{id}', { token, pathParameters: id }),
      await apiCall('whatsapp', 'PUT', '/whatsappsession/{id}', { token, pathParameters: id }),
      await apiCall('whatsapp', 'DELETE', '/whatsappsession/{id}', { token, pathParameters: id }),
    ];
    for (const res of attempts) expect(res).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect((await list(token)).status).toBe(200);

    await putSetting(t.company.id, 'addAlterConnection', 'enabled');
    expect((await update(token, connection.id, { name: 'Renomeada' })).body.name).toBe('Renomeada');
  });

  it('keeps the host restart for super users', async () => {
    expect((await apiCall('whatsapp', 'POST', '/restartpm2', { token: t.admin.token })).status).toBe(403);
  });
});

describe('session actions', () => {
  it("queue start, new QR and logout commands in order on the connection's shard", async () => {
    const t = await createTestTenant();
    const connection = (await create(t.admin.token, { name: 'S' })).body;
    await outboundCommands();
    const id = { id: connection.id };

    const retry = await apiCall('whatsapp', 'POST', '/whatsappsession/{id}', { token: t.admin.token, pathParameters: id });
    expect(retry.body.status).toBe('OPENING');
    await apiCall('whatsapp', 'PUT', '/whatsappsession/{id}', { token: t.admin.token, pathParameters: id });
    await apiCall('whatsapp', 'DELETE', '/whatsappsession/{id}', { token: t.admin.token, pathParameters: id });

    const commands = await outboundCommands();
    expect(commands.map((c) => c.body.type)).toEqual(['session.start', 'session.newQr', 'session.logout']);
    expect(new Set(commands.map((c) => c.groupId))).toEqual(new Set([connection.id]));
  });

  it('deleting a connection logs its session out first', async () => {
    const t = await createTestTenant();
    const connection = (await create(t.admin.token, { name: 'D' })).body;
    await outboundCommands();
    expect((await remove(t.admin.token, connection.id)).status).toBe(204);
    expect((await outboundCommands()).map((c) => c.body.type)).toEqual(['session.logout']);
    expect((await show(t.admin.token, connection.id)).body.error).toBe('ERR_NO_WAPP_FOUND');
  });

  it('lets super users restart every shard', async () => {
    await outboundCommands();
    const res = await apiCall('whatsapp', 'POST', '/restartpm2', { token: superUser.token });
    expect(res.body).toEqual({ result: 'restartRequested', shards: 2 });
    const commands = await outboundCommands();
    expect(commands.map((c) => c.body.type)).toEqual(['host.restart', 'host.restart']);
  });
});

describe('tenant isolation', () => {
  it("an admin of A can neither see nor touch B's connections", async () => {
    const a = await createTestTenant();
    const b = await createTestTenant();
    const ofB = (await create(b.admin.token, { name: 'Da B' })).body;
    await create(a.admin.token, { name: 'Da A' });
    const token = a.admin.token;
    const id = { id: ofB.id };

    expect((await list(token)).body.map((c) => c.name)).toEqual(['Da A']);
    const attempts = [
      await show(token, ofB.id),
      await update(token, ofB.id, { name: 'hack' }),
      await remove(token, ofB.id),
      await apiCall('whatsapp', 'POST', '/whatsappsession/{id}', { token, pathParameters: id }),
    ];
    for (const res of attempts) expect(res).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect((await show(b.admin.token, ofB.id)).body).toMatchObject({ name: 'Da B', status: 'OPENING' });
  });
});
