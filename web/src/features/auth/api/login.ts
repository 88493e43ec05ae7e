import type { LoginInput, LoginResponse } from '@atende/shared';
import { apiPost } from '@/lib/api-client';

/** A plain call, not a react-query mutation: the sign-in page loads without the query cache. */
export const loginRequest = (input: LoginInput) => apiPost<LoginResponse>('/auth/login', input);
