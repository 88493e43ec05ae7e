import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime';
import { removeConnectionFromCache, upsertLiveConnection } from '../api/connections';

/**
 * Live events patch the react-query cache by key (TkDodo, "Using WebSockets with React
 * Query"): no refetch, so a QR or status change shows up the instant it is published.
 * Upserts are idempotent, so the page and the side menu may both mount this, and a frame the
 * server delivers twice (at-least-once) is harmless; a fetch in flight when an event lands is
 * restarted (`upsertLiveConnection`), so its older answer cannot overwrite the event. Payloads are typed by the shared map.
 */
export function useConnectionsLiveSync(): void {
  const client = useQueryClient();

  useRealtime('whatsapp', (data) => {
    if (data.action === 'update' && data.whatsapp?.id) upsertLiveConnection(client, data.whatsapp);
    if (data.action === 'delete' && data.whatsappId) removeConnectionFromCache(client, data.whatsappId);
  });

  useRealtime('whatsappSession', (data) => {
    if (data.action === 'update' && data.session?.id) upsertLiveConnection(client, data.session);
  });
}
