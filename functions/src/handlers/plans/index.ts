/** Plans area (spec part 2 §7 "Plans"): public lists for the sign-up, CRUD for super users. */
import * as z from '@atende/shared/zod';
import { idSchema, planSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { httpRoute, json, noContent } from '../../platform/http-route';
import { addPlan, deletePlan, listAllPlans, listPublishedPlans, showPlan, updatePlan } from '../../domain/plans/manage-plans';

const byId = z.object({ id: idSchema });

export const handler = areaRouter({
  'GET /plans/list': httpRoute({ access: 'public', handler: async () => json(await listPublishedPlans()) }),
  'GET /plans/allPublished': httpRoute({ access: 'user', handler: async () => json(await listPublishedPlans()) }),
  'GET /plans/all': httpRoute({ access: 'super', handler: async () => json(await listAllPlans()) }),
  'GET /plans/{id}': httpRoute({ access: 'user', params: byId, handler: async ({ params }) => json(await showPlan(params.id)) }),
  'POST /plans': httpRoute({ access: 'super', body: planSchema, handler: async ({ body }) => json(await addPlan(body), 201) }),
  'PUT /plans/{id}': httpRoute({ access: 'super', params: byId, body: planSchema, handler: async ({ params, body }) => json(await updatePlan(params.id, body)) }),
  'DELETE /plans/{id}': httpRoute({
    access: 'super', params: byId,
    handler: async ({ params }) => {
      await deletePlan(params.id);
      return noContent();
    },
  }),
});
