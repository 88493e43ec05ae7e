/**
 * The campaigns page's API (spec part 3 §7 "Campaigns"): a page by search, one campaign, save,
 * delete, cancel, restart and its media. Mutations invalidate by key; live events patch the cache
 * (campaign-live.ts).
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignDto, CampaignInput, CampaignListAnswer } from '@atende/shared';
import { apiDelete, apiPost, apiPut } from '@/lib/api-client';
import { searchPagesQuery } from '@/lib/search-pages';
import { campaignKeys } from './campaign-keys';
import { useLiveCampaigns } from './campaign-live';
import { uploadCampaignMedia } from './campaign-media';

const campaignPath = (id: string, tail = '') => `/campaigns/${encodeURIComponent(id)}${tail}`;

export const campaignsListQuery = (search: string) =>
  searchPagesQuery<CampaignListAnswer>(campaignKeys.list(search), '/campaigns', search);

export function useCampaignsList(search: string) {
  useLiveCampaigns();
  return useInfiniteQuery(campaignsListQuery(search));
}

export interface SaveCampaignInput {
  id?: string;
  input: CampaignInput;
  /** A new file to attach once the campaign is saved (the upload needs its id). */
  file?: File | null;
}

/** The campaign was saved but its file did not attach: `campaign` is how it stands, `cause` why. */
export class CampaignMediaError extends Error {
  constructor(
    readonly campaign: CampaignDto,
    override readonly cause: unknown,
  ) {
    super('campaign saved, media failed');
  }
}

export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file }: SaveCampaignInput) => {
      const saved = id
        ? await apiPut<CampaignDto>(campaignPath(id), input)
        : await apiPost<CampaignDto>('/campaigns', input);
      if (!file) return saved;
      try {
        return await uploadCampaignMedia(saved, file);
      } catch (error) {
        throw new CampaignMediaError(saved, error);
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** A mutation on one campaign by id (delete, cancel, restart, drop its media). */
function useCampaignAction<T>(call: (id: string) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export const useDeleteCampaign = () => useCampaignAction((id) => apiDelete<void>(campaignPath(id)));
/** EM_ANDAMENTO → CANCELADA (spec §4). */
export const useCancelCampaign = () => useCampaignAction((id) => apiPost<CampaignDto>(campaignPath(id, '/cancel')));
/** CANCELADA → EM_ANDAMENTO, continuing where it stopped. */
export const useRestartCampaign = () => useCampaignAction((id) => apiPost<CampaignDto>(campaignPath(id, '/restart')));
export const useRemoveCampaignMedia = () =>
  useCampaignAction((id) => apiDelete<CampaignDto>(campaignPath(id, '/media-upload')));
