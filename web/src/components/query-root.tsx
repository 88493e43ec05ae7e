import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/**
 * React Query for a public page: the signed-in shell provides it in its layout, and the sign-in
 * page goes without (first-load budget), so a public page that needs it brings its own.
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
