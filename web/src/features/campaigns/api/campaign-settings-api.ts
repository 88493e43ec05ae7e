/** GET/POST /campaign-settings (spec part 3 §7): send intervals, the daily cap and custom variables. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_CAMPAIGN_SETTINGS, type CampaignSettings } from '@atende/shared';
import { apiGet, apiPost } from '@/lib/api-client';
import { campaignKeys } from './campaign-keys';

/** A company that never saved its settings reads the spec's defaults (20 s, 20 messages, 60 s, none). */
export const campaignSettingsQuery = () => ({
  queryKey: campaignKeys.settings(),
  queryFn: async (): Promise<CampaignSettings> => ({
    ...DEFAULT_CAMPAIGN_SETTINGS,
    ...(await apiGet<Partial<CampaignSettings> | null>('/campaign-settings')),
  }),
});

export function useCampaignSettings(enabled = true) {
  return useQuery({ ...campaignSettingsQuery(), enabled });
}

export function useSaveCampaignSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: CampaignSettings) => apiPost<CampaignSettings>('/campaign-settings', { settings }),
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object')
        client.setQueryData(campaignKeys.settings(), { ...DEFAULT_CAMPAIGN_SETTINGS, ...saved });
      return client.invalidateQueries({ queryKey: campaignKeys.settings() });
    },
  });
}
