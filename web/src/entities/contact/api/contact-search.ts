/**
 * What several screens need about contacts (spec part 1 §5): the contact search, from 3 characters
 * (the caller debounces 500 ms), used by the tickets feature's new-ticket dialog and by the contact
 * picker of the schedule dialog. One query key for both, so they share the cache.
 */
import { useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_CHARS, type ContactListAnswer } from '@atende/shared';
import { apiGet } from '@/lib/api-client';

/** Invalidating `contactSearchKeys.all` refreshes every contact search on screen (a contact saved). */
export const contactSearchKeys = {
  all: ['contacts', 'search'] as const,
  term: (searchParam: string) => [...contactSearchKeys.all, searchParam] as const,
};

/** The first page of the contacts a search finds; idle below 3 characters. */
export function useContactSearch(searchParam: string) {
  const term = searchParam.trim();
  return useQuery({
    queryKey: contactSearchKeys.term(term),
    queryFn: () => apiGet<ContactListAnswer>('/contacts', { searchParam: term, pageNumber: 1 }),
    enabled: term.length >= SEARCH_MIN_CHARS,
    staleTime: 10_000,
  });
}
