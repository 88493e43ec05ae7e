/** Plans area (spec part 2 §7 "Plans"): public lists for the sign-up, CRUD for super users. */
import * as z from '@atende/shared/zod';
import { idSchema, planSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  addPlan,
  deletePlan,
  listAllPlans,
  listPublishedPlans,
  showPlan,
  updatePlan,
} from '../../domain/plans/manage-plans';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('plans', [
  route('GET /plans/list', 'public', { handler: async () => json(await listPublishedPlans()) }),
  route('GET /plans/allPublished', 'user', { handler: async () => json(await listPublishedPlans()) }),
  route('GET /plans/all', 'super', { handler: async () => json(await listAllPlans()) }),
  route('GET /plans/{id}', 'user', { params: byId, handler: async ({ params }) => json(await showPlan(params.id)) }),
  route('POST /plans', 'super', { body: planSchema, handler: async ({ body }) => json(await addPlan(body), 201) }),
  route('PUT /plans/{id}', 'super', {
    params: byId,
    body: planSchema,
    handler: async ({ params, body }) => json(await updatePlan(params.id, body)),
  }),
  route('DELETE /plans/{id}', 'super', {
    params: byId,
    handler: async ({ params }) => {
      await deletePlan(params.id);
      return noContent();
    },
  }),
]);
