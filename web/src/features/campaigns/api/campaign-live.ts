/**
 * The company's `campaign` channel (spec part 3 "Real-time channels"): the lists patch themselves
 * (campaign-cache.ts), the report re-reads its figures, and once more CAMPAIGN_REPORT_REFRESH_MS after
 * the FINALIZADA push (spec §4: the last shippings' counts land just after the status).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_REPORT_REFRESH_MS, type CampaignReportDto, type RealtimeEvents } from '@atende/shared';
import { useEffect, useRef } from 'react';
import { apiGet } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import { applyCampaignChange, type CampaignChange } from './campaign-cache';
import { campaignKeys } from './campaign-keys';

/** While a campaign sends, the report also polls this often (a missed event costs at most this). */
export const REPORT_POLL_MS = 5_000;

/** The channel's payload as a cache change. */
export function campaignChangeOf(data: RealtimeEvents['campaign']): CampaignChange | null {
  if (data.action === 'delete') return { kind: 'delete', id: data.id };
  if (data.action === 'create' || data.action === 'update') return { kind: data.action, campaign: data.record };
  return null; // frames come off the wire: an unknown action changes nothing
}

export function useLiveCampaigns() {
  const client = useQueryClient();
  useRealtime('campaign', (data) => {
    const change = campaignChangeOf(data);
    if (change) applyCampaignChange(client, change);
  });
}

export function useCampaignReport(id: string) {
  const client = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useRealtime('campaign', (data) => {
    const change = campaignChangeOf(data);
    if (!change || change.kind === 'create') return;
    if ((change.kind === 'delete' ? change.id : change.campaign.id) !== id) return;
    const key = campaignKeys.report(id);
    void client.invalidateQueries({ queryKey: key });
    if (change.kind === 'update' && change.campaign.status === 'FINALIZADA') {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        void client.invalidateQueries({ queryKey: key });
      }, CAMPAIGN_REPORT_REFRESH_MS);
      timers.current.add(timer);
    }
  });
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useQuery({
    queryKey: campaignKeys.report(id),
    queryFn: () => apiGet<CampaignReportDto>(`/campaigns/${encodeURIComponent(id)}/report`),
    refetchInterval: (query) => (query.state.data?.campaign.status === 'EM_ANDAMENTO' ? REPORT_POLL_MS : false),
  });
}
