/** Queues and quick messages as the ticket workspace reads them (spec part 1 §7). */
import * as z from '@atende/shared/zod';
import { idSchema, listQuickMessagesQuerySchema, queueInputSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import { createQueue, listCompanyQueues, listQueuesOnSchedule } from '../../domain/queues/queues';
import { listQuickMessagesFor } from '../../domain/quick-messages/quick-messages';

export const handler = areaRouter('queues', [
  route('GET /queue', {
    handler: async ({ auth }) => json(await listCompanyQueues(auth.companyId)),
  }),
  route('POST /queue', {
    body: queueInputSchema,
    handler: async ({ auth, body }) => json(await createQueue(auth.companyId, body), 201),
  }),
  route('GET /queue/onschedule', {
    handler: async ({ auth }) => json(await listQueuesOnSchedule(auth.companyId)),
  }),
  route('GET /queue/onschedule/{userId}', {
    params: z.object({ userId: idSchema }),
    handler: async ({ auth }) => json(await listQueuesOnSchedule(auth.companyId)),
  }),
  route('GET /quick-messages/list', {
    query: listQuickMessagesQuerySchema,
    handler: async ({ auth }) => json(await listQuickMessagesFor(auth.companyId, auth.userId)),
  }),
]);
