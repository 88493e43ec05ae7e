import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhatsappCheckState } from '@atende/shared';
import { useEffect, useRef, useState } from 'react';
import { contactListKeys } from '@/entities/contact-list';
import { checkContactListNumbersPage } from '../api/contact-lists-api';
import { worseCheck } from './whatsapp-check-state';

export interface CheckNumbersTotals {
  /** Items set at once from answers already known. */
  settled: number;
  /** Numbers sent to WhatsApp; their items change live as the answers arrive (the page's channel). */
  asked: number;
  whatsappCheck: WhatsappCheckState;
}

/**
 * "Verificar números" (issue 27 item 2): walks the list page by page through
 * POST /contact-lists/{id}/check-numbers (each request O(page) on the server), adding up what each page
 * settled and asked. `pages` counts the pages done, for the pending state. Leaving the page stops the
 * walk after the request in flight; the numbers already asked are answered anyway.
 */
export function useCheckListNumbers(listId: string) {
  const client = useQueryClient();
  const [pages, setPages] = useState(0);
  const stopped = useRef(false);
  useEffect(() => {
    stopped.current = false;
    return () => {
      stopped.current = true;
    };
  }, []);
  const mutation = useMutation({
    mutationFn: async (): Promise<CheckNumbersTotals> => {
      setPages(0);
      const totals: CheckNumbersTotals = { settled: 0, asked: 0, whatsappCheck: 'checked' };
      let cursor: string | undefined;
      do {
        const answer = await checkContactListNumbersPage(listId, cursor);
        totals.settled += answer.settled;
        totals.asked += answer.asked;
        totals.whatsappCheck = worseCheck(totals.whatsappCheck, answer.whatsappCheck);
        cursor = answer.cursor;
        setPages((n) => n + 1);
      } while (cursor && !stopped.current);
      return totals;
    },
    onSettled: () => client.invalidateQueries({ queryKey: contactListKeys.items(listId) }),
  });
  return { ...mutation, pages };
}
