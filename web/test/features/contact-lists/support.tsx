import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ContactListItemDto } from '@atende/shared';
import { appSystem } from '@/app/theme';
import { ContactListItemsPage } from '@/features/contact-lists';

export const item = (id: string, name: string, number: string, isWhatsappValid: boolean | null): ContactListItemDto => ({
  id,
  contactListId: 'l1',
  name,
  number,
  email: '',
  isWhatsappValid,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The items page of list `l1`, at its route. */
export function renderItemsPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/contact-lists/l1/contacts']}>
          <Routes>
            <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}
