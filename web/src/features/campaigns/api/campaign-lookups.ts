/**
 * What the editor picks from and the page checks: the company's connections (GET /whatsapp, spec
 * part 3 §7), contact lists (GET /contact-lists/list), tags (GET /tags/list), and the plan's campaign
 * allowance (GET /campaigns/stats, spec part 2 "Campaign stats").
 */
import { useQuery } from '@tanstack/react-query';
import type { CampaignStatsDto, ConnectionDto, ContactListDto, TagDto } from '@atende/shared';
import { contactListKeys } from '@/entities/contact-list';
import { apiGet } from '@/lib/api-client';
import { campaignKeys } from './campaign-keys';

export interface CampaignOption {
  id: string;
  name: string;
}

const options = (rows: { id: string; name: string }[]): CampaignOption[] =>
  rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));

/** One cache entry per picker, shared by every open editor; a minute is fresh enough for a form. */
const lookup = (kind: 'connections' | 'tags', load: () => Promise<CampaignOption[]>, enabled: boolean) =>
  ({ queryKey: campaignKeys.lookups(kind), queryFn: load, staleTime: 60_000, enabled }) as const;

export const useConnectionOptions = (enabled = true) =>
  useQuery(lookup('connections', async () => options(await apiGet<ConnectionDto[]>('/whatsapp', { session: 0 })), enabled));

/** Under the contact lists' own keys: a list made or removed on their pages shows here at once. */
export const useContactListOptions = (enabled = true) =>
  useQuery({
    queryKey: [...contactListKeys.all, 'campaign-options'] as const,
    queryFn: async () => options(await apiGet<ContactListDto[]>('/contact-lists/list')),
    staleTime: 60_000,
    enabled,
  });

export const useTagOptions = (enabled = true) =>
  useQuery(lookup('tags', async () => options(await apiGet<TagDto[]>('/tags/list')), enabled));

export function useCampaignStats(enabled = true) {
  return useQuery({
    queryKey: campaignKeys.stats(),
    queryFn: () => apiGet<CampaignStatsDto>('/campaigns/stats'),
    enabled,
  });
}

/**
 * Spec part 3 §5: creating is blocked when the plan's campaigns allowance is used up in the current
 * period (limitOfCampaignBy); 'doNotLimit' never blocks. Unknown (still loading) does not block: the
 * API refuses anyway.
 */
export function campaignAllowanceUsed(stats: CampaignStatsDto | undefined): boolean {
  if (!stats || stats.limitOfCampaignBy === 'doNotLimit') return false;
  return stats.stats.campaigns >= stats.numberOfCampaigns;
}
