import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime';
import { applyAnnouncementEvent } from '../api/announcements';

/** `company-<cid>-announcement` (spec part 1 §4): create, update and delete patch the cached lists. */
export function useAnnouncementsLive(): void {
  const client = useQueryClient();
  useRealtime('announcement', (data) => applyAnnouncementEvent(client, data));
}
