import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '@/lib/i18n';
import { appSystem } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={appSystem()}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </ChakraProvider>
  );
}
