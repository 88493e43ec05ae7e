import { useQueryClient } from '@tanstack/react-query';
import { realtimeChannel, type WhatsappRealtimeData, type WhatsappSessionRealtimeData } from '@atende/shared';
import { useRealtime } from '@/lib/realtime';
import { useSession } from '@/hooks/use-session';
import { removeConnectionFromCache, upsertConnectionInCache, type Connection } from '../api/connections';

/** Events are typed by the shared contract; fields are read defensively because frames come off the wire. */
type WhatsappEvent = Partial<WhatsappRealtimeData> & { whatsapp?: Connection; whatsappId?: string };
type SessionEvent = Partial<WhatsappSessionRealtimeData>;

/**
 * Live events patch the react-query cache by key (TkDodo, "Using WebSockets with React
 * Query"): no refetch, so a QR or status change shows up the instant it is published.
 * Upserts are idempotent, so the page and the side menu may both mount this.
 */
export function useConnectionsLiveSync(): void {
  const client = useQueryClient();
  const companyId = useSession().user?.companyId ?? null;

  useRealtime<WhatsappEvent>(companyId ? realtimeChannel.whatsapp(companyId) : null, (data) => {
    if (data.action === 'update' && data.whatsapp?.id) upsertConnectionInCache(client, data.whatsapp);
    if (data.action === 'delete') {
      const id = data.whatsappId ?? data.whatsapp?.id;
      if (id) removeConnectionFromCache(client, id);
    }
  });

  useRealtime<SessionEvent>(companyId ? realtimeChannel.whatsappSession(companyId) : null, (data) => {
    if (data.action === 'update' && data.session?.id) upsertConnectionInCache(client, data.session);
  });
}
