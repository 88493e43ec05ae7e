/**
 * The Contact lists pages' API (spec part 3 §7 "Contact lists and items"): lists paged by name, one
 * list with its capacity, items paged per list, their CRUD, the import in chunks, and live changes on
 * `company-{id}-ContactList` / `company-{id}-ContactListItem`. Keys from the contact-list entity, so the
 * picker's new lists show here too.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CheckContactListNumbersAnswer,
  ContactListDetailDto,
  ContactListDto,
  ContactListImportAnswer,
  ContactListInput,
  ContactListItemDto,
  ContactListItemInput,
  ContactListItemPageAnswer,
  ContactListPageAnswer,
  ImportContactListInput,
} from '@atende/shared';
import { contactListKeys } from '@/entities/contact-list';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';
import { useRealtime } from '@/lib/realtime';
import { searchPagesQuery, type SearchPageParam } from '@/lib/search-pages';

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export function useContactListsPage(search: string) {
  const client = useQueryClient();
  useRealtime('contactList', () => void client.invalidateQueries({ queryKey: contactListKeys.all }));
  return useInfiniteQuery(searchPagesQuery<ContactListPageAnswer>(contactListKeys.pages(search), '/contact-lists', search));
}

export const contactListQuery = (id: string) =>
  queryOptions({
    queryKey: contactListKeys.detail(id),
    queryFn: () => apiGet<ContactListDetailDto>(path('/contact-lists', id)),
  });

export const useContactList = (id: string) => useQuery(contactListQuery(id));

export function useSaveContactList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ContactListInput }) =>
      id ? apiPut<ContactListDto>(path('/contact-lists', id), input) : apiPost<ContactListDto>('/contact-lists', input),
    onSettled: () => client.invalidateQueries({ queryKey: contactListKeys.all }),
  });
}

export function useDeleteContactList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(path('/contact-lists', id)),
    onSuccess: () => client.invalidateQueries({ queryKey: contactListKeys.all }),
  });
}

const itemPagesQuery = (listId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: contactListKeys.itemPages(listId, search),
    queryFn: ({ pageParam }) =>
      apiGet<ContactListItemPageAnswer>('/contact-list-items', {
        contactListId: listId,
        searchParam: search,
        cursor: pageParam.cursor,
        pageNumber: pageParam.pageNumber,
      }),
    initialPageParam: { pageNumber: 1 } as SearchPageParam,
    getNextPageParam: (last, _all, previous): SearchPageParam | undefined =>
      last.hasMore && last.cursor ? { cursor: last.cursor, pageNumber: previous.pageNumber + 1 } : undefined,
  });

/** A list's items; any change to this list's items (or the list's count) re-reads them. */
export function useContactListItems(listId: string, search: string) {
  const client = useQueryClient();
  useRealtime('contactListItem', (data) => {
    if (data.contactListId !== listId) return;
    void client.invalidateQueries({ queryKey: contactListKeys.items(listId) });
    void client.invalidateQueries({ queryKey: contactListKeys.detail(listId) });
  });
  return useInfiniteQuery(itemPagesQuery(listId, search));
}

function useItemsChanged(listId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: contactListKeys.items(listId) }),
      client.invalidateQueries({ queryKey: contactListKeys.detail(listId) }),
      client.invalidateQueries({ queryKey: [...contactListKeys.all, 'pages'] }),
    ]);
}

export function useSaveContactListItem(listId: string) {
  const changed = useItemsChanged(listId);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ContactListItemInput }) =>
      id
        ? apiPut<ContactListItemDto>(path('/contact-list-items', id), input)
        : apiPost<ContactListItemDto>('/contact-list-items', { ...input, contactListId: listId }),
    onSettled: changed,
  });
}

export function useDeleteContactListItem(listId: string) {
  const changed = useItemsChanged(listId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(path('/contact-list-items', id)),
    onSuccess: changed,
  });
}

export const importContactListChunk = (listId: string, rows: ImportContactListInput['rows']) =>
  apiPost<ContactListImportAnswer>(`${path('/contact-lists', listId)}/upload`, { rows });

/** One page of the list's still-unknown numbers asked about again; pass back `cursor` until it is absent. */
export const checkContactListNumbersPage = (listId: string, cursor?: string) =>
  apiPost<CheckContactListNumbersAnswer>(`${path('/contact-lists', listId)}/check-numbers`, cursor ? { cursor } : {});
