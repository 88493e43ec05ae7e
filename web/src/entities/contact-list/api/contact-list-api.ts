/**
 * What several screens need about campaign contact lists (spec part 3 §7 "Contact lists and items"):
 * their query keys, a search for the picker, creating one, and the contacts page's bulk add
 * (`POST /contacts/transferToListCampaigns`). The Contact lists pages (features/contact-lists) build
 * on these keys, so a list made from the picker shows there at once.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactListDto, ContactListPageAnswer, TransferToListAnswer, TransferToListInput } from '@atende/shared';
import { apiGet, apiPost } from '@/lib/api-client';

/** Hierarchical keys: invalidating `contactListKeys.all` refreshes every list of lists on screen. */
export const contactListKeys = {
  all: ['contact-lists'] as const,
  pages: (search: string) => [...contactListKeys.all, 'pages', { search }] as const,
  search: (search: string) => [...contactListKeys.all, 'search', { search }] as const,
  detail: (id: string) => [...contactListKeys.all, 'detail', id] as const,
  items: (listId: string) => [...contactListKeys.all, 'items', listId] as const,
  itemPages: (listId: string, search: string) => [...contactListKeys.items(listId), { search }] as const,
};

/** The picker's first page of lists whose name contains `search`. */
export const contactListSearchQuery = (search: string) =>
  queryOptions({
    queryKey: contactListKeys.search(search),
    queryFn: async () =>
      (await apiGet<ContactListPageAnswer>('/contact-lists', { searchParam: search, pageNumber: 1 })).records,
  });

export function useCreateContactList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost<ContactListDto>('/contact-lists', { name }),
    onSettled: () => client.invalidateQueries({ queryKey: contactListKeys.all }),
  });
}

/** The contacts page's "add to list": one call per ≤ 200 contacts (the caller splits). */
export function useTransferToList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TransferToListInput) => apiPost<TransferToListAnswer>('/contacts/transferToListCampaigns', input),
    onSettled: () => client.invalidateQueries({ queryKey: contactListKeys.all }),
  });
}
