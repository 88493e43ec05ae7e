import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactSearchKeys } from '@/entities/contact';
import { apiGet, apiPost, apiPut } from '@/lib/api-client';
import { contactKeys, ticketKeys } from './keys';
import type { Contact } from './types';

export interface ContactPayload {
  name: string;
  number: string;
  email?: string;
  lid?: string | null;
  extraInfo: { name: string; value: string }[];
}

export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: () => apiGet<Contact>(`/contacts/${id}`),
    enabled: Boolean(id),
  });
}

export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: ContactPayload }) =>
      id ? apiPut<Contact>(`/contacts/${id}`, payload) : apiPost<Contact>('/contacts', payload),
    onSuccess: (saved) => {
      if (!saved?.id) return;
      client.setQueryData(contactKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: contactSearchKeys.all });
      // Rows and headers show the contact's name and picture.
      void client.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
