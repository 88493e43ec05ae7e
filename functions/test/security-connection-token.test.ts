/**
 * Issue 8 item 5: the connection's API token (the external send API's credential) is set only by who
 * may read it (`maySetConnectionToken`), and is unique across the platform (`P#APITOKEN#<token>`).
 */
import { describe, expect, it } from 'vitest';
import { generateApiToken } from '@atende/shared';
import { putSetting } from '../src/data/settings';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import { createTestTenant } from './support/tenancy-fixtures';

useApiWithQueues();

const create = (token: string, body: Record<string, unknown>) => apiCall('whatsapp', 'POST', '/whatsapp', { token, body });
const update = (token: string, id: string, body: Record<string, unknown>) =>
  apiCall('whatsapp', 'PUT', '/whatsapp/{id}', { token, pathParameters: { id }, body });
const show = (token: string, id: string) => apiCall('whatsapp', 'GET', '/whatsapp/{id}', { token, pathParameters: { id } });

async function tenantWithApi(addAlterConnection = true) {
  const t = await createTestTenant();
  await putSetting(t.company.id, 'useApi', 'enabled');
  if (addAlterConnection) await putSetting(t.company.id, 'addAlterConnection', 'enabled');
  return t;
}

describe('who may set a connection token', () => {
  it('an operator with addAlterConnection may create and edit connections but not choose their token', async () => {
    const t = await tenantWithApi();
    const chosen = generateApiToken();

    const created = await create(t.operator.token, { name: 'Do operador', token: chosen });
    expect(created.status).toBe(403);

    const plain = await create(t.operator.token, { name: 'Do operador' });
    expect(plain.status).toBe(201);
    const edited = await update(t.operator.token, plain.body.id, { token: chosen });
    expect(edited.status).toBe(403);
    expect((await update(t.operator.token, plain.body.id, { name: 'Renomeada', token: '' })).status).toBe(200);
    expect((await show(t.admin.token, plain.body.id)).body.token).not.toBe(chosen);
  });

  it('an admin of a company without the API option may not set one either; with it, may', async () => {
    const t = await createTestTenant();
    expect((await create(t.admin.token, { name: 'Sem API', token: generateApiToken() })).status).toBe(403);
    await putSetting(t.company.id, 'useApi', 'enabled');
    const chosen = generateApiToken();
    const created = await create(t.admin.token, { name: 'Com API', token: chosen });
    expect(created.status).toBe(201);
    expect(created.body.token).toBe(chosen);
  });
});

describe('tokens are unique across the platform', () => {
  it('another company cannot take a token in use, on create or on update; a freed token can be reused', async () => {
    const a = await tenantWithApi(false);
    const b = await tenantWithApi(false);
    const token = generateApiToken();
    const first = await create(a.admin.token, { name: 'A', token });
    expect(first.status).toBe(201);

    const dupCreate = await create(b.admin.token, { name: 'B', token });
    expect(dupCreate.status).toBe(400);
    expect(dupCreate.body.error).toBe('ERR_VALIDATION');
    expect(dupCreate.body.fields?.token).toBeTruthy();

    const other = await create(b.admin.token, { name: 'B2' });
    expect(other.status).toBe(201);
    const dupUpdate = await update(b.admin.token, other.body.id, { token });
    expect(dupUpdate.status).toBe(400);
    expect((await show(b.admin.token, other.body.id)).body.token).not.toBe(token);

    // A changes its token: the old one is free again.
    expect((await update(a.admin.token, first.body.id, { token: generateApiToken() })).status).toBe(200);
    expect((await update(b.admin.token, other.body.id, { token })).status).toBe(200);
  });

  it('two concurrent creates with one token: exactly one wins', async () => {
    const a = await tenantWithApi(false);
    const b = await tenantWithApi(false);
    const token = generateApiToken();
    const answers = await Promise.all([
      create(a.admin.token, { name: 'A', token }),
      create(b.admin.token, { name: 'B', token }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('deleting a connection frees its token', async () => {
    const a = await tenantWithApi(false);
    const token = generateApiToken();
    const first = await create(a.admin.token, { name: 'A', token });
    expect(
      (
        await apiCall('whatsapp', 'DELETE', '/whatsapp/{id}', {
          token: a.admin.token,
          pathParameters: { id: first.body.id },
        })
      ).status,
    ).toBe(204);
    expect((await create(a.admin.token, { name: 'A2', token })).status).toBe(201);
  });
});
