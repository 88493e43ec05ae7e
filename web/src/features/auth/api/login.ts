import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse, SubscriptionStatus } from '@atende/shared';
import { apiGet, apiPost } from '@/lib/api-client';

export const loginRequest = (input: LoginInput) => apiPost<LoginResponse>('/auth/login', input);

export const subscriptionStatusRequest = () => apiGet<SubscriptionStatus>('/auth/statusAndDueDateAssignature');

export function useLoginMutation() {
  return useMutation({ mutationFn: loginRequest });
}
