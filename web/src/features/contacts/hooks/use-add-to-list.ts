import { CONTACT_BULK_MAX, campaignsEnabled, type ContactListDto } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_LIST_NS, useTransferToList } from '@/entities/contact-list';
import { isApiError } from '@/lib/api-client';
import { campaignsFlagSet } from '@/lib/local-flags';
import { notify } from '@/lib/toaster';
import { useSession } from '@/hooks/use-session';

/**
 * Select mode's bulk add to a campaign contact list (spec part 3 "Contacts page", §5 "Bulk add to a
 * list", §8): offered only with the `cshow` flag and campaigns on; the chosen contacts go in calls of
 * CONTACT_BULK_MAX, truncated by the server to the list's room. A full list warns and adds nothing;
 * a partial add warns with the room the list had; then 'N Contatos foram adicionados com sucesso!'.
 */
export function useAddToList(chosenIds: () => string[]) {
  const { t } = useTranslation(CONTACT_LIST_NS);
  const { policy } = useSession();
  const available = campaignsFlagSet() && campaignsEnabled(policy);
  const [picking, setPicking] = useState(false);
  const transfer = useTransferToList();

  const addTo = async (list: ContactListDto) => {
    const ids = chosenIds();
    let added = 0;
    let leftOut = 0;
    try {
      for (let at = 0; at < ids.length; at += CONTACT_BULK_MAX) {
        const answer = await transfer.mutateAsync({
          contactIds: ids.slice(at, at + CONTACT_BULK_MAX),
          contactListId: list.id,
        });
        added += answer.added;
        leftOut += answer.overCapacity;
        if (answer.overCapacity) break;
      }
    } catch (error) {
      if (!(isApiError(error) && error.code === 'ERR_CONTACT_LIST_FULL')) {
        notify.error(error);
        return;
      }
      if (added === 0) {
        notify.warning(t('capacity.full'));
        return;
      }
      leftOut += 1; // a later call found the list full
    }
    if (leftOut) notify.warning(t('capacity.remaining', { count: added }));
    notify.success(t('added', { count: added }));
    setPicking(false);
  };

  return { available, picking, open: () => setPicking(true), close: () => setPicking(false), addTo };
}
