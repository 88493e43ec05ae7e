/** Companies area (spec part 2 §7 "Companies"): super users manage every company; others read their own. */
import * as z from '@atende/shared/zod';
import { companySchema, cursorSchema, idSchema, onlineMinutesSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import { addCompany, listCompanies, showCompany, updateCompany } from '../../domain/company-admin/manage-companies';
import { listOnlineCompanies } from '../../domain/company-admin/online-companies';
import { deleteCompany } from '../../domain/company-admin/delete-company';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('companies', [
  route('GET /companies', {
    query: z.object({ cursor: cursorSchema }),
    handler: async ({ query }) => json(await listCompanies(query.cursor)),
  }),
  route('GET /companies/listOnline/{minutes}', {
    params: z.object({ minutes: onlineMinutesSchema }),
    handler: async ({ params }) => json(await listOnlineCompanies(params.minutes)),
  }),
  route('GET /companies/{id}', {
    params: byId,
    handler: async ({ auth, params }) => json(await showCompany(auth, params.id)),
  }),
  route('POST /companies', { body: companySchema, handler: async ({ body }) => json(await addCompany(body), 201) }),
  route('PUT /companies/{id}', {
    params: byId,
    body: companySchema,
    handler: async ({ params, body }) => json(await updateCompany(params.id, body)),
  }),
  route('DELETE /companies/{id}', {
    params: byId,
    handler: async ({ auth, params }) => json(await deleteCompany(auth, params.id), 202),
  }),
]);
