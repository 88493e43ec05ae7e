/** The small lists the workspace picks from: tags, quick replies, users, the schedule's queues. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueueRef } from '@atende/shared';
import { apiGet, apiPost } from '@/lib/api-client';
import { lookupKeys, ticketKeys } from './keys';
import { upsertTicketInCaches } from './ticket-cache';
import type { QuickMessage, TagRef, TicketDto, UserOption } from './types';

const asList = <T>(answer: T[] | Record<string, T[]> | undefined, key: string): T[] =>
  Array.isArray(answer) ? answer : (answer?.[key] ?? []);

export function useTags() {
  return useQuery({
    queryKey: lookupKeys.tags,
    queryFn: async () => asList(await apiGet<TagRef[] | { tags: TagRef[] }>('/tags/list'), 'tags'),
    staleTime: 60_000,
  });
}

/** POST /tags/sync: the ticket's whole tag set; the answer (the ticket) patches every cached view. */
export function useSyncTicketTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, tagIds }: { ticketId: string; tagIds: string[] }) =>
      apiPost<TicketDto>('/tags/sync', { ticketId, tags: tagIds }),
    onSuccess: (ticket) => {
      if (ticket?.id) upsertTicketInCaches(client, ticket);
      else void client.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

/** POST /tags (name; the colour derives from the name, spec part 1 §9): added to the cached list. */
export function useCreateTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost<TagRef>('/tags', { name }),
    onSuccess: (tag) => client.setQueryData<TagRef[]>(lookupKeys.tags, (old) => (old ? [...old, tag] : [tag])),
  });
}

export function useQuickMessages(userId: string | undefined, companyId: string | undefined) {
  return useQuery({
    queryKey: lookupKeys.quickMessages(userId ?? ''),
    queryFn: async () =>
      asList(
        await apiGet<QuickMessage[] | { records: QuickMessage[] }>('/quick-messages/list', { companyId, userId }),
        'records',
      ),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}

export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: lookupKeys.users,
    queryFn: async () => asList(await apiGet<UserOption[] | { users: UserOption[] }>('/users/list'), 'users'),
    enabled,
    staleTime: 60_000,
  });
}

/** scheduleType 'queue': the transfer and new-ticket lists come from the queues on schedule (spec part 1 §6). */
export function useQueuesOnSchedule(enabled: boolean) {
  return useQuery({
    queryKey: lookupKeys.queuesOnSchedule,
    queryFn: async () => asList(await apiGet<QueueRef[] | { queues: QueueRef[] }>('/queue/onschedule'), 'queues'),
    enabled,
    staleTime: 60_000,
  });
}
