import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '@/lib/api-client';
import { noteKeys } from './keys';
import type { TicketNote } from './types';

export function useTicketNotes(ticketId: string, contactId: string) {
  return useQuery({
    queryKey: noteKeys.ticket(ticketId, contactId),
    queryFn: () => apiGet<TicketNote[]>('/ticket-notes/list', { ticketId, contactId }),
  });
}

export function useAddNote(ticketId: string, contactId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => apiPost<TicketNote>('/ticket-notes', { note, ticketId, contactId }),
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.ticket(ticketId, contactId) }),
  });
}

export function useDeleteNote(ticketId: string, contactId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/ticket-notes/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.ticket(ticketId, contactId) }),
  });
}
