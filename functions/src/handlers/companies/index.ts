/**
 * Companies area (spec part 2 §7 "Companies", "Settings"): super users manage every company; others
 * read their own, and its admins set its hours and settings.
 */
import * as z from '@atende/shared/zod';
import {
  companySchedulesSchema,
  companySchema,
  companySettingKeySchema,
  companySettingUpdateSchema,
  cursorSchema,
  idSchema,
  onlineMinutesSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import { addCompany, listCompanies, showCompany, updateCompany } from '../../domain/company-admin/manage-companies';
import { listOnlineCompanies } from '../../domain/company-admin/online-companies';
import { deleteCompany } from '../../domain/company-admin/delete-company';
import { saveCompanySchedules } from '../../domain/companies/company-schedules';
import { listCompanySettings, showCompanySetting, updateCompanySetting } from '../../domain/companies/company-settings';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('companies', [
  route('GET /companies', 'super', {
    query: z.object({ cursor: cursorSchema }),
    handler: async ({ query }) => json(await listCompanies(query.cursor)),
  }),
  route('GET /companies/listOnline/{minutes}', 'super', {
    params: z.object({ minutes: onlineMinutesSchema }),
    handler: async ({ params }) => json(await listOnlineCompanies(params.minutes)),
  }),
  route('GET /companies/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await showCompany(auth, params.id)),
  }),
  route('POST /companies', 'super', { body: companySchema, handler: async ({ body }) => json(await addCompany(body), 201) }),
  route('PUT /companies/{id}', 'super', {
    params: byId,
    body: companySchema,
    handler: async ({ params, body }) => json(await updateCompany(params.id, body)),
  }),
  route('DELETE /companies/{id}', 'super', {
    params: byId,
    handler: async ({ auth, params }) => json(await deleteCompany(auth, params.id), 202),
  }),
  route('PUT /companies/{id}/schedules', 'admin', {
    params: byId,
    body: companySchedulesSchema,
    handler: async ({ auth, params, body }) => json(await saveCompanySchedules(auth, params.id, body)),
  }),
  route('GET /settings', 'user', { handler: async ({ auth }) => json(await listCompanySettings(auth.companyId)) }),
  route('GET /settings/all', 'user', { handler: async ({ auth }) => json(await listCompanySettings(auth.companyId)) }),
  route('GET /settings/{key}', 'user', {
    params: z.object({ key: z.string().check(z.minLength(1), z.maxLength(64)) }),
    handler: async ({ auth, params }) => json(await showCompanySetting(auth.companyId, params.key)),
  }),
  route('PUT /settings/{key}', 'admin', {
    params: z.object({ key: companySettingKeySchema }),
    body: companySettingUpdateSchema,
    handler: async ({ auth, params, body }) => json(await updateCompanySetting(auth.companyId, params.key, body)),
  }),
]);
