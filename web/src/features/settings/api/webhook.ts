import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookConfigDto, WebhookConfigInput, WebhookDeliveryDto, WebhookSecretAnswer } from '@atende/shared';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';

export const webhookKeys = {
  all: ['webhook'] as const,
  config: () => [...webhookKeys.all, 'config'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
};

export const webhookQuery = () =>
  queryOptions({
    queryKey: webhookKeys.config(),
    queryFn: async () => (await apiGet<{ webhook: WebhookConfigDto | null }>('/webhook')).webhook,
  });

export const useWebhook = (enabled: boolean) => useQuery({ ...webhookQuery(), enabled });

export const useWebhookDeliveries = (enabled: boolean) =>
  useQuery({
    queryKey: webhookKeys.deliveries(),
    queryFn: async () => (await apiGet<{ deliveries: WebhookDeliveryDto[] }>('/webhook/deliveries')).deliveries,
    enabled,
  });

/** Saving the first time answers the secret (shown once); later saves do not. */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookConfigInput) => apiPut<{ webhook: WebhookConfigDto; secret?: string }>('/webhook', input),
    onSuccess: (answer) => queryClient.setQueryData(webhookKeys.config(), answer.webhook),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<WebhookSecretAnswer>('/webhook/rotate'),
    onSuccess: (answer) => queryClient.setQueryData(webhookKeys.config(), answer.webhook),
  });
}
