import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_COMPANY_SCHEDULES,
  type AdminCompanyDto,
  type CompanySchedulesDto,
  type CompanySchedulesInput,
  type CompanySettingDto,
  type CompanySettingKey,
} from '@atende/shared';
import { apiGet, apiPut } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/** Settings → Options and Hours: the signed-in company's own settings and business hours. */
export const companySettingsKeys = {
  all: ['companySettings'] as const,
  list: () => [...companySettingsKeys.all, 'list'] as const,
  hours: (companyId: string) => [...companySettingsKeys.all, 'hours', companyId] as const,
};

export const companySettingsQuery = () =>
  queryOptions({ queryKey: companySettingsKeys.list(), queryFn: () => apiGet<CompanySettingDto[]>('/settings') });

export const useCompanySettings = () => useQuery(companySettingsQuery());

/** The session's copy of the company's settings follows at once (the Hours tab, the policy toggles). */
function mirrorInSession(key: string, value: string): void {
  const me = sessionStore.get().user;
  if (!me) return;
  const others = me.company.settings.filter((s) => s.key !== key);
  sessionStore.setUser({ ...me, company: { ...me.company, settings: [...others, { key, value }] } });
}

/** `PUT /settings/{key}`: one control, one call. */
export function useUpdateCompanySetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: CompanySettingKey; value: string }) =>
      apiPut<CompanySettingDto>(`/settings/${encodeURIComponent(key)}`, { key, value }),
    onSuccess: (saved) => {
      client.setQueryData<CompanySettingDto[]>(companySettingsKeys.list(), (list) =>
        list?.some((s) => s.key === saved.key)
          ? list.map((s) => (s.key === saved.key ? saved : s))
          : [...(list ?? []), saved],
      );
      mirrorInSession(saved.key, saved.value);
    },
  });
}

/** The company's hours and time zone, as `GET /companies/{id}` answers them. */
export const useCompanyHours = (companyId: string | undefined) =>
  useQuery({
    queryKey: companySettingsKeys.hours(companyId ?? ''),
    queryFn: async (): Promise<CompanySchedulesDto> => {
      const company = await apiGet<AdminCompanyDto>(`/companies/${encodeURIComponent(companyId!)}`);
      const schedules = company.schedules ?? DEFAULT_COMPANY_SCHEDULES.map((entry) => ({ ...entry }));
      return { id: company.id, schedules, timeZone: company.timeZone };
    },
    enabled: !!companyId,
  });

/** `PUT /companies/{id}/schedules` (body id, schedules, and the time zone). */
export function useSaveCompanyHours(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanySchedulesInput) =>
      apiPut<CompanySchedulesDto>(`/companies/${encodeURIComponent(companyId)}/schedules`, input),
    onSuccess: (saved) => client.setQueryData(companySettingsKeys.hours(companyId), saved),
  });
}
