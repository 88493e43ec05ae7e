import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PlanDto, SignupInput } from '@atende/shared';
import { apiGet, apiPost } from '@/lib/api-client';

export const signupKeys = {
  all: ['signup'] as const,
  plans: () => [...signupKeys.all, 'plans'] as const,
  outbox: () => [...signupKeys.all, 'outbox'] as const,
  token: (token: string) => [...signupKeys.all, 'token', token] as const,
};

/** Published, active plans (public). */
export const publicPlansQuery = () =>
  queryOptions({ queryKey: signupKeys.plans(), queryFn: () => apiGet<PlanDto[]>('/plans/list') });
export const usePublicPlans = () => useQuery(publicPlansQuery());

export const useRegisterLead = () =>
  useMutation({ mutationFn: (input: SignupInput) => apiPost<{ id: string; email: string }>('/leads-web', input) });

export type SignupTokenCode = 'activated' | 'already_active' | 'banned' | 'expired' | 'invalid';
export interface SignupTokenAnswer {
  isValid: boolean;
  code: SignupTokenCode;
  email?: string;
}

/**
 * The confirmation is a POST with an effect (it creates the company), run once per token: a query
 * keyed by the token, never refetched, so StrictMode's double mount and re-renders do not repeat it
 * (the server answers 'already_active' to a repeat anyway).
 */
export const useValidateSignupToken = (token: string) =>
  useQuery({
    queryKey: signupKeys.token(token),
    queryFn: () => apiPost<SignupTokenAnswer>('/auth/validateTokenSignup', { token }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useResendSignupToken = () =>
  useMutation({ mutationFn: (email: string) => apiPost<{ sent: boolean }>('/auth/tokenSignup', { email }) });

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  sentAt: string;
}
export const useOutbox = () =>
  useQuery({
    queryKey: signupKeys.outbox(),
    queryFn: () => apiGet<{ mails: OutboxMail[] }>('/outbox').then((r) => r.mails),
    refetchInterval: 5000,
  });
