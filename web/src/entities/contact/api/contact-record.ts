/**
 * One contact, read and saved (spec part 1 §5 "Contact form"): the contact dialog's calls, shared by
 * the tickets screen (new ticket, the conversation's drawer) and the contacts page. Saving refreshes
 * every contact search on screen; a screen that shows contacts elsewhere refreshes its own caches in
 * the dialog's `onSaved`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactDto } from '@atende/shared';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';
import { contactSearchKeys } from './contact-search';

export interface ContactPayload {
  name: string;
  number: string;
  email?: string;
  lid?: string | null;
  extraInfo: { name: string; value: string }[];
}

export const contactRecordKeys = {
  all: ['contacts', 'detail'] as const,
  detail: (id: string) => [...contactRecordKeys.all, id] as const,
};

export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactRecordKeys.detail(id ?? ''),
    queryFn: () => apiGet<ContactDto>(`/contacts/${id}`),
    enabled: Boolean(id),
  });
}

/** POST /contacts (id null) or PUT /contacts/{id}. */
export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: ContactPayload }) =>
      id ? apiPut<ContactDto>(`/contacts/${id}`, payload) : apiPost<ContactDto>('/contacts', payload),
    onSuccess: (saved) => {
      if (!saved?.id) return;
      client.setQueryData(contactRecordKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: contactSearchKeys.all });
    },
  });
}
