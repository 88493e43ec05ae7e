/** GET /dashboard (spec part 1 §7 "Dashboard and announcements"): the figures of a period. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardAnswer } from '@atende/shared';
import { apiGet } from '@/lib/api-client';

/** A period of days back from today, or a date range (either end may be empty). */
export interface DashboardFilter {
  days?: number;
  date_from?: string;
  date_to?: string;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (filter: DashboardFilter) => [...dashboardKeys.all, filter] as const,
};

export const dashboardQuery = (filter: DashboardFilter) =>
  queryOptions({
    queryKey: dashboardKeys.figures(filter),
    queryFn: () =>
      apiGet<DashboardAnswer>('/dashboard', {
        days: filter.days,
        date_from: filter.date_from || undefined,
        date_to: filter.date_to || undefined,
      }),
    // a new filter keeps the old figures on screen until the new ones arrive
    placeholderData: keepPreviousData,
    // the figures move as tickets change: a dashboard left open stays close to now
    refetchInterval: 60_000,
  });

export const useDashboard = (filter: DashboardFilter) => useQuery(dashboardQuery(filter));
