/**
 * Integrations area (spec part 2 §2 "Integrations screen", §7 "Queue integrations", the settings
 * page's Webhook panel): queue integrations CRUD and the company webhook. Admins only (manifest).
 */
import * as z from '@atende/shared/zod';
import {
  createQueueIntegrationSchema,
  idSchema,
  listQueueIntegrationsQuerySchema,
  updateQueueIntegrationSchema,
  webhookConfigSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  createQueueIntegration,
  deleteQueueIntegration,
  listQueueIntegrations,
  showQueueIntegration,
  updateQueueIntegration,
} from '../../domain/integrations/manage-queue-integrations';
import { listWebhookDeliveries, readWebhook, rotateWebhookSecret, saveWebhook } from '../../domain/webhooks/manage-webhook';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('integrations', [
  route('GET /queueIntegration', 'admin', {
    query: listQueueIntegrationsQuerySchema,
    handler: async ({ auth, query }) => json(await listQueueIntegrations(auth, query)),
  }),
  route('GET /queueIntegration/{id}', 'admin', {
    params: byId,
    handler: async ({ auth, params }) => json(await showQueueIntegration(auth, params.id)),
  }),
  route('POST /queueIntegration', 'admin', {
    body: createQueueIntegrationSchema,
    handler: async ({ auth, body }) => json(await createQueueIntegration(auth, body), 201),
  }),
  route('PUT /queueIntegration/{id}', 'admin', {
    params: byId,
    body: updateQueueIntegrationSchema,
    handler: async ({ auth, params, body }) => json(await updateQueueIntegration(auth, params.id, body)),
  }),
  route('DELETE /queueIntegration/{id}', 'admin', {
    params: byId,
    handler: async ({ auth, params }) => {
      await deleteQueueIntegration(auth, params.id);
      return noContent();
    },
  }),
  route('GET /webhook', 'admin', {
    handler: async ({ auth }) => json({ webhook: await readWebhook(auth.companyId) }),
  }),
  route('PUT /webhook', 'admin', {
    body: webhookConfigSchema,
    handler: async ({ auth, body }) => json(await saveWebhook(auth.companyId, body)),
  }),
  route('POST /webhook/rotate', 'admin', {
    handler: async ({ auth }) => json(await rotateWebhookSecret(auth.companyId)),
  }),
  route('GET /webhook/deliveries', 'admin', {
    handler: async ({ auth }) => json({ deliveries: await listWebhookDeliveries(auth.companyId) }),
  }),
]);
