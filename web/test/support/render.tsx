import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { appSystem, loadConsoleRecipes } from '@/app/theme';

// Every console route renders after the console's recipes are in (theme.ts `withConsoleRecipes`): so do the tests,
// or components whose recipe is not in the first load's theme render unstyled and pass variants to the DOM.
await loadConsoleRecipes();

/** Renders with the app's providers and a fresh query cache per test. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}
