import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Shared across the app so sign-out can drop every cached answer of the previous user. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; retry only network blips and 5xx once.
      retry: (failureCount, error) => failureCount < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});
