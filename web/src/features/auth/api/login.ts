import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@atende/shared';
import { apiPost } from '@/lib/api-client';

export const loginRequest = (input: LoginInput) => apiPost<LoginResponse>('/auth/login', input);

export function useLoginMutation() {
  return useMutation({ mutationFn: loginRequest });
}
