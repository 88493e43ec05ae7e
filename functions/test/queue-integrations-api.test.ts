/**
 * Issue 26 item 7: /queueIntegration (spec part 2 §2 "Integrations screen", §3, §5, §7) — admins of a
 * plan with useIntegration; per-type required fields; pages with a lower-cased search; secrets stored
 * sealed and answered masked; live events on `company-<cid>-queueIntegration` to the admins.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@atende/shared';
import { ddb, tableName } from '../src/data/client';
import { apiCall } from './support/api-event';
import { useApiWithQueues } from './support/api-with-queues';
import { createTestTenant } from './support/tenancy-fixtures';

process.env.INTEGRATION_SECRET_KEY = 'test-integration-key';
const env = useApiWithQueues();

const withIntegrations = () => createTestTenant({ planLimits: { useIntegration: true } });
const openaiBody = {
  type: 'openai',
  name: 'Assistente',
  urlApi: 'https://api.openai.example/v1',
  tokenApiKey: 'sk-test-0123456789abcdef',
  apiVersion: 'gpt-3.5-turbo',
  jsonContent: 'Você é um atendente educado.',
};

describe('/queueIntegration', () => {
  it('creates, reads, edits and deletes; the key is stored sealed and never answered in full', async () => {
    const { admin, company } = await withIntegrations();
    await env.queues.take('realtime');

    const created = await apiCall('integrations', 'POST', '/queueIntegration', { token: admin.token, body: openaiBody });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'openai',
      name: 'Assistente',
      projectName: 'Assistente',
      tokenApiKey: '••••cdef',
    });
    expect(JSON.stringify(created.body)).not.toContain('sk-test');

    const stored = await ddb().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `C#${company.id}#QINT`, SK: created.body.id } }),
    );
    expect(stored.Item!.tokenApiKeySealed).toMatch(/^v1:/);
    expect(JSON.stringify(stored.Item)).not.toContain('sk-test');

    // An edit with an empty key keeps the stored one; the type's other fields are required still.
    const edited = await apiCall('integrations', 'PUT', '/queueIntegration/{id}', {
      token: admin.token,
      pathParameters: { id: created.body.id },
      body: { ...openaiBody, name: 'Assistente 2', tokenApiKey: '' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Assistente 2', projectName: 'Assistente 2', tokenApiKey: '••••cdef' });
    const noModel = await apiCall('integrations', 'PUT', '/queueIntegration/{id}', {
      token: admin.token,
      pathParameters: { id: created.body.id },
      body: { ...openaiBody, apiVersion: '' },
    });
    expect(noModel).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });

    // A webhook turned into an OpenAI integration without a key: refused, nothing stored.
    const hook = await apiCall('integrations', 'POST', '/queueIntegration', {
      token: admin.token,
      body: { type: 'webhook', name: 'Gancho', urlApi: 'https://hooks.example/in' },
    });
    const keyless = await apiCall('integrations', 'PUT', '/queueIntegration/{id}', {
      token: admin.token,
      pathParameters: { id: hook.body.id },
      body: { ...openaiBody, tokenApiKey: '' },
    });
    expect(keyless).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { tokenApiKey: expect.any(String) } },
    });

    const shown = await apiCall('integrations', 'GET', '/queueIntegration/{id}', {
      token: admin.token,
      pathParameters: { id: created.body.id },
    });
    expect(shown.body).toMatchObject({ name: 'Assistente 2', tokenApiKey: '••••cdef' });

    const removed = await apiCall('integrations', 'DELETE', '/queueIntegration/{id}', {
      token: admin.token,
      pathParameters: { id: created.body.id },
    });
    expect(removed.status).toBe(204);
    const gone = await apiCall('integrations', 'GET', '/queueIntegration/{id}', {
      token: admin.token,
      pathParameters: { id: created.body.id },
    });
    expect(gone.status).toBe(404);

    // Live events to the company's admins: create, update, delete.
    const events = (await env.queues.take('realtime')).filter((m) => m.body.kind === 'queueIntegration');
    expect(events.map((m) => [m.body.data.action, m.body.audience.kind, m.body.companyId])).toEqual([
      ['create', 'admins', company.id],
      ['update', 'admins', company.id],
      ['create', 'admins', company.id],
      ['delete', 'admins', company.id],
    ]);
    expect(JSON.stringify(events)).not.toContain('sk-test');
  });

  it('checks each type’s required fields (spec part 2 §3) and the name rule (§5)', async () => {
    const { admin } = await withIntegrations();
    const post = (body: unknown) => apiCall('integrations', 'POST', '/queueIntegration', { token: admin.token, body });
    const typebotNoSlug = await post({ type: 'typebot', name: 'Bot', urlApi: 'https://typebot.example' });
    expect(typebotNoSlug).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    expect(JSON.stringify(typebotNoSlug.body)).toContain('typebotSlug');
    expect((await post({ type: 'mk-auth', name: 'Mk', urlApi: 'https://mk.example', clientId: 'a' })).status).toBe(400);
    expect((await post({ type: 'n8n', name: 'N', urlApi: 'https://n8n.example' })).status).toBe(400); // name too short
    expect((await post({ type: 'webhook', name: 'Hook', urlApi: 'http://169.254.169.254/latest' })).status).toBe(400);
    const typebot = await post({ type: 'typebot', name: 'Bot', urlApi: 'https://typebot.example', typebotSlug: 'x' });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({ typebotExpires: 1, typebotDelayMessage: 1000, sandbox: true });
  });

  it('pages the list and searches lower-cased names', async () => {
    const { admin } = await withIntegrations();
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      const res = await apiCall('integrations', 'POST', '/queueIntegration', {
        token: admin.token,
        body: { type: 'webhook', name: i % 2 ? `Fluxo Vendas ${i}` : `Suporte ${i}`, urlApi: 'https://hooks.example/in' },
      });
      expect(res.status).toBe(201);
    }
    const first = await apiCall('integrations', 'GET', '/queueIntegration', { token: admin.token });
    expect(first.body.queueIntegrations).toHaveLength(PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    const second = await apiCall('integrations', 'GET', '/queueIntegration', {
      token: admin.token,
      query: { cursor: first.body.cursor, pageNumber: 2 },
    });
    expect(second.body.queueIntegrations).toHaveLength(2);
    expect(second.body.hasMore).toBe(false);

    let found: { name: string }[] = [];
    let cursor: string | undefined;
    do {
      const page = await apiCall('integrations', 'GET', '/queueIntegration', {
        token: admin.token,
        query: { searchParam: 'VENDAS', cursor },
      });
      found = [...found, ...page.body.queueIntegrations];
      cursor = page.body.hasMore ? page.body.cursor : undefined;
    } while (cursor);
    expect(found).toHaveLength((PAGE_SIZE + 2) / 2);
    expect(found.every((f) => f.name.startsWith('Fluxo Vendas'))).toBe(true);
  });

  it('refuses operators, plans without useIntegration, and other companies’ integrations', async () => {
    const a = await withIntegrations();
    const b = await withIntegrations();
    const noPlan = await createTestTenant();
    const created = await apiCall('integrations', 'POST', '/queueIntegration', {
      token: a.admin.token,
      body: { type: 'n8n', name: 'Fluxo', urlApi: 'https://n8n.example/webhook/x' },
    });
    expect((await apiCall('integrations', 'GET', '/queueIntegration', { token: a.operator.token })).status).toBe(403);
    const planless = await apiCall('integrations', 'GET', '/queueIntegration', { token: noPlan.admin.token });
    expect(planless).toMatchObject({ status: 403, body: { error: 'ERR_FEATURE_UNAVAILABLE' } });
    const foreign = await apiCall('integrations', 'GET', '/queueIntegration/{id}', {
      token: b.admin.token,
      pathParameters: { id: created.body.id },
    });
    expect(foreign.status).toBe(404);
    const foreignDelete = await apiCall('integrations', 'DELETE', '/queueIntegration/{id}', {
      token: b.admin.token,
      pathParameters: { id: created.body.id },
    });
    expect(foreignDelete.status).toBe(404);
    const bList = await apiCall('integrations', 'GET', '/queueIntegration', { token: b.admin.token });
    expect(bList.body.queueIntegrations).toEqual([]);
  });
});
