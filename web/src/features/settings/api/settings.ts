import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCompanyDto,
  CompanyInput,
  HelpDto,
  HelpInput,
  OnlineCompanyDto,
  PlanDto,
  PlanInput,
  PlatformSettingKey,
  PlatformSettingsDto,
} from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

export const settingsKeys = {
  all: ['settings'] as const,
  companies: () => [...settingsKeys.all, 'companies'] as const,
  plans: () => [...settingsKeys.all, 'plans'] as const,
  helps: () => [...settingsKeys.all, 'helps'] as const,
  platform: () => [...settingsKeys.all, 'platform'] as const,
  online: (minutes: number) => [...settingsKeys.all, 'online', minutes] as const,
};

/** Super users' lists are small (one page of the directory, plans and helps are a handful). */
export const useCompanies = () =>
  useQuery({
    queryKey: settingsKeys.companies(),
    queryFn: () => apiGet<{ companies: AdminCompanyDto[] }>('/companies').then((r) => r.companies),
  });
export const useAllPlans = () =>
  useQuery({ queryKey: settingsKeys.plans(), queryFn: () => apiGet<PlanDto[]>('/plans/all') });
export const useHelpsAdmin = () => useQuery({ queryKey: settingsKeys.helps(), queryFn: () => apiGet<HelpDto[]>('/helps') });
/** Settings → Reports: companies seen in the last `minutes` (a snapshot: no live updates). */
export const useOnlineCompanies = (minutes: number) =>
  useQuery({
    queryKey: settingsKeys.online(minutes),
    queryFn: () => apiGet<OnlineCompanyDto[]>(`/companies/listOnline/${minutes}`),
  });
export const usePlatformSettings = () =>
  useQuery({ queryKey: settingsKeys.platform(), queryFn: () => apiGet<PlatformSettingsDto>('/platform-settings') });

/** One save mutation per resource: POST without id, PUT with. */
function useSave<TInput, TOut>(path: string, key: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TInput }) =>
      id ? apiPut<TOut>(`${path}/${encodeURIComponent(id)}`, input) : apiPost<TOut>(path, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
function useRemove(path: string, key: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`${path}/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useSaveCompany = () => useSave<CompanyInput, AdminCompanyDto>('/companies', settingsKeys.companies());
export const useRemoveCompany = () => useRemove('/companies', settingsKeys.companies());
export const useSavePlan = () => useSave<PlanInput, PlanDto>('/plans', settingsKeys.plans());
export const useRemovePlan = () => useRemove('/plans', settingsKeys.plans());
export const useSaveHelp = () => useSave<HelpInput, HelpDto>('/helps', settingsKeys.helps());
export const useRemoveHelp = () => useRemove('/helps', settingsKeys.helps());

export function usePlatformSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: PlatformSettingKey; value: string }) =>
      apiPut<unknown>(`/platform-settings/${key}`, { value }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.platform() }),
  });
}

export function useUploadCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { fileName: string; file: string }) => apiPost<{ filename: string }>('/upload-p12', input),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.platform() }),
  });
}
