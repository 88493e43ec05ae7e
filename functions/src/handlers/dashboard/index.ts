/** The admin dashboard (spec part 1 §2 "Dashboard", §7 "Dashboard and announcements"). */
import { dashboardQuerySchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import { readDashboard } from '../../domain/dashboard/read-dashboard';

export const handler = areaRouter('dashboard', [
  route('GET /dashboard', 'admin', {
    query: dashboardQuerySchema,
    handler: async ({ auth, query }) => json(await readDashboard(auth.companyId, query)),
  }),
]);
