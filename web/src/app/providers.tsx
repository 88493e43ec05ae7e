import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { system } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>
  );
}
