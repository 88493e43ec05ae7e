/**
 * The contacts page's API (spec part 3 §7 "Contacts"; issue 27): the search-index list by pages,
 * delete one or many (adding and editing: the contact entity's dialog), the import in chunks (a spreadsheet's, the phone's pages), and a new ticket for a contact (POST /tickets, the
 * same call the tickets screen makes). Live on `company-{id}-contact`.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContactListAnswer,
  DeleteContactsAnswer,
  ImportContactsAnswer,
  ImportContactsInput,
  ImportPhoneContactsAnswer,
  ImportPhoneContactsInput,
  TicketDto,
} from '@atende/shared';
import { apiDelete, apiPost } from '@/lib/api-client';
import { searchPagesQuery } from '@/lib/search-pages';
import { useRealtime } from '@/lib/realtime';

export const contactKeys = {
  all: ['contacts-page'] as const,
  list: (search: string) => [...contactKeys.all, 'list', { search }] as const,
};

export const contactsListQuery = (search: string) =>
  searchPagesQuery<ContactListAnswer>(contactKeys.list(search), '/contacts', search);

/** Any console's change to a contact (saved, deleted) re-reads the lists on screen. */
export function useContactsList(search: string) {
  const client = useQueryClient();
  useRealtime('contact', () => void client.invalidateQueries({ queryKey: contactKeys.all }));
  return useInfiniteQuery(contactsListQuery(search));
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/contacts/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useDeleteContacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contactIds: string[]) => apiDelete<DeleteContactsAnswer>('/contacts', { contactIds }),
    onSettled: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** One chunk of an import (≤ CONTACT_BULK_MAX rows): the server answers row by row. */
export const importContactsChunk = (rows: ImportContactsInput['rows']) =>
  apiPost<ImportContactsAnswer>('/contacts/import', { rows });

/** One page of the import from the phone (the connection's address book); follow `cursor` until none. */
export const importPhoneContactsPage = (input: ImportPhoneContactsInput) =>
  apiPost<ImportPhoneContactsAnswer>('/contacts/import/phone', input);

/** A new ticket for the contact, taken by the user (spec part 1 §5 "New ticket"). */
export function useOpenTicket() {
  return useMutation({
    mutationFn: (payload: { contactId: string; queueId: string | null; userId: string }) =>
      apiPost<TicketDto>('/tickets', { ...payload, status: 'open' }),
  });
}
