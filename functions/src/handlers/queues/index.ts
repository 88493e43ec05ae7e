/** Queues, their menu options, and quick messages as the ticket workspace reads them (spec part 1 §7, part 3 §7). */
import * as z from '@atende/shared/zod';
import {
  idSchema,
  listQuickMessagesQuerySchema,
  queueInputSchema,
  queueOptionCreateSchema,
  queueOptionsQuerySchema,
  queueOptionUpdateSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  createQueue,
  deleteQueue,
  listCompanyQueues,
  listQueuesOnSchedule,
  showQueue,
  updateQueue,
} from '../../domain/queues/queues';
import { createOption, deleteOption, listOptionLevel, updateOption } from '../../domain/queues/queue-options';
import { releaseQueueTickets } from '../../domain/tickets/release-queue';
import { listQuickMessagesFor } from '../../domain/quick-messages/quick-messages';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('queues', [
  route('GET /queue', 'user', {
    handler: async ({ auth }) => json(await listCompanyQueues(auth.companyId)),
  }),
  route('POST /queue', 'admin', {
    body: queueInputSchema,
    handler: async ({ auth, body }) => json(await createQueue(auth.companyId, body), 201),
  }),
  route('GET /queue/onschedule', 'user', {
    handler: async ({ auth }) => json(await listQueuesOnSchedule(auth.companyId)),
  }),
  route('GET /queue/onschedule/{userId}', 'user', {
    params: z.object({ userId: idSchema }),
    handler: async ({ auth }) => json(await listQueuesOnSchedule(auth.companyId)),
  }),
  route('GET /queue/{id}', 'admin', {
    params: byId,
    handler: async ({ auth, params }) => json(await showQueue(auth.companyId, params.id)),
  }),
  route('PUT /queue/{id}', 'admin', {
    params: byId,
    body: queueInputSchema,
    handler: async ({ auth, params, body }) => json(await updateQueue(auth.companyId, params.id, body)),
  }),
  route('DELETE /queue/{id}', 'admin', {
    params: byId,
    handler: async ({ auth, params }) => {
      await deleteQueue(auth.companyId, params.id);
      await releaseQueueTickets(auth.companyId, params.id); // first page now, the rest by the `queue.release` job
      return noContent();
    },
  }),
  route('GET /queue-options', 'admin', {
    query: queueOptionsQuerySchema,
    handler: async ({ auth, query }) => json(await listOptionLevel(auth.companyId, query.queueId, query.parentId)),
  }),
  route('POST /queue-options', 'admin', {
    body: queueOptionCreateSchema,
    handler: async ({ auth, body }) => json(await createOption(auth.companyId, body), 201),
  }),
  route('PUT /queue-options/{id}', 'admin', {
    params: byId,
    body: queueOptionUpdateSchema,
    handler: async ({ auth, params, body }) => json(await updateOption(auth.companyId, params.id, body)),
  }),
  route('DELETE /queue-options/{id}', 'admin', {
    params: byId,
    handler: async ({ auth, params }) => {
      await deleteOption(auth.companyId, params.id);
      return noContent();
    },
  }),
  route('GET /quick-messages/list', 'user', {
    query: listQuickMessagesQuerySchema,
    handler: async ({ auth }) => json(await listQuickMessagesFor(auth.companyId, auth.userId)),
  }),
]);
