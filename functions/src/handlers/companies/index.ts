/** Companies area (spec part 2 §7 "Companies"): super users manage every company; others read their own. */
import * as z from '@atende/shared/zod';
import { companySchema, cursorSchema, idSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { httpRoute, json } from '../../platform/http-route';
import { addCompany, listCompanies, showCompany, updateCompany } from '../../domain/companies/manage-companies';

const byId = z.object({ id: idSchema });

export const handler = areaRouter({
  'GET /companies': httpRoute({ access: 'super', query: z.object({ cursor: cursorSchema }), handler: async ({ query }) => json(await listCompanies(query.cursor)) }),
  'GET /companies/{id}': httpRoute({ access: 'user', params: byId, handler: async ({ auth, params }) => json(await showCompany(auth, params.id)) }),
  'POST /companies': httpRoute({ access: 'super', body: companySchema, handler: async ({ body }) => json(await addCompany(body), 201) }),
  'PUT /companies/{id}': httpRoute({ access: 'super', params: byId, body: companySchema, handler: async ({ params, body }) => json(await updateCompany(params.id, body)) }),
});
