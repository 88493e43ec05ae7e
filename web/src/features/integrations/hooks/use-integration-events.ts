import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime';
import { applyIntegrationEvent } from '../api/queue-integrations';

/** `company-<cid>-queueIntegration`: another admin's changes patch this console's lists. */
export function useIntegrationEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useRealtime('queueIntegration', (event) => applyIntegrationEvent(queryClient, event), enabled);
}
