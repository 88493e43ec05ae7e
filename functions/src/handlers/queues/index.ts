/** Queues and quick messages as the ticket workspace reads them (spec part 1 §7). */
import * as z from '@atende/shared/zod';
import { idSchema, listQuickMessagesQuerySchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { httpRoute, json } from '../../platform/http-route';
import { listCompanyQueues, listQueuesOnSchedule } from '../../domain/queues/queues';
import { listQuickMessagesFor } from '../../domain/quick-messages/quick-messages';

export const handler = areaRouter({
  'GET /queue': httpRoute({
    access: 'user',
    handler: async ({ auth }) => json(await listCompanyQueues(auth.companyId)),
  }),
  'GET /queue/onschedule': httpRoute({
    access: 'user',
    handler: async ({ auth }) => json(await listQueuesOnSchedule(auth.companyId)),
  }),
  'GET /queue/onschedule/{userId}': httpRoute({
    access: 'user', params: z.object({ userId: idSchema }),
    handler: async ({ auth }) => json(await listQueuesOnSchedule(auth.companyId)),
  }),
  'GET /quick-messages/list': httpRoute({
    access: 'user', query: listQuickMessagesQuerySchema,
    handler: async ({ auth }) => json(await listQuickMessagesFor(auth.companyId, auth.userId)),
  }),
});
