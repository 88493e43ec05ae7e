/**
 * Live patches of the campaign caches (TkDodo, "Using WebSockets with React Query"): an update event
 * carrying the campaign replaces it in place in every loaded list page (no page is re-read while a
 * campaign sends), a delete drops it, a create re-reads the lists (its place depends on the search).
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CampaignDto, CampaignListAnswer } from '@atende/shared';
import { campaignKeys } from './campaign-keys';

type ListData = InfiniteData<CampaignListAnswer>;

/** What the company's `campaign` channel says happened. */
export type CampaignChange = { kind: 'create' | 'update'; campaign: CampaignDto } | { kind: 'delete'; id: string };

/** Replaces (or drops, with `next` null) campaign `id` in every loaded page of every list. */
function patchLists(client: QueryClient, id: string, next: CampaignDto | null): void {
  client.setQueriesData<ListData>({ queryKey: campaignKeys.lists() }, (data) => {
    if (!data?.pages.some((page) => page.records.some((c) => c.id === id))) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      records: next ? page.records.map((c) => (c.id === id ? next : c)) : page.records.filter((c) => c.id !== id),
    }));
    return { ...data, pages };
  });
}

export function applyCampaignChange(client: QueryClient, change: CampaignChange): void {
  if (change.kind === 'delete') {
    patchLists(client, change.id, null);
    client.removeQueries({ queryKey: campaignKeys.detail(change.id) });
  } else {
    patchLists(client, change.campaign.id, change.campaign);
    client.setQueryData(campaignKeys.detail(change.campaign.id), change.campaign);
    if (change.kind === 'update') return;
    void client.invalidateQueries({ queryKey: campaignKeys.lists() });
  }
  // The plan's allowance counts campaigns: a create or a delete elsewhere moves it.
  void client.invalidateQueries({ queryKey: campaignKeys.stats() });
}
