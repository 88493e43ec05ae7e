import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime';
import { removeConnectionFromCache, upsertConnectionInCache } from '../api/connections';

/**
 * Live events patch the react-query cache by key (TkDodo, "Using WebSockets with React
 * Query"): no refetch, so a QR or status change shows up the instant it is published.
 * Upserts are idempotent, so the page and the side menu may both mount this, and a frame the
 * server delivers twice (at-least-once) is harmless. Payloads are typed by the shared map.
 */
export function useConnectionsLiveSync(): void {
  const client = useQueryClient();

  useRealtime('whatsapp', (data) => {
    if (data.action === 'update' && data.whatsapp?.id) upsertConnectionInCache(client, data.whatsapp);
    if (data.action === 'delete' && data.whatsappId) removeConnectionFromCache(client, data.whatsappId);
  });

  useRealtime('whatsappSession', (data) => {
    if (data.action === 'update' && data.session?.id) upsertConnectionInCache(client, data.session);
  });
}
