import { useQueryClient } from '@tanstack/react-query';
import type { ImportPhoneContactsAnswer } from '@atende/shared';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, toaster } from '@/lib/toaster';
import { contactKeys, importPhoneContactsPage } from '../api/contacts-api';
import { CONTACTS_NS } from '../i18n';

type Totals = Omit<ImportPhoneContactsAnswer, 'cursor'>;
const NONE: Totals = { created: 0, updated: 0, unchanged: 0, refused: 0 };
const TOAST_ID = 'contacts-phone-import';

export const processedOf = (t: Totals) => t.created + t.updated + t.unchanged + t.refused;

/** Adds one page's answer to the totals so far. */
export const addPage = (totals: Totals, page: ImportPhoneContactsAnswer): Totals => ({
  created: totals.created + page.created,
  updated: totals.updated + page.updated,
  unchanged: totals.unchanged + page.unchanged,
  refused: totals.refused + page.refused,
});

/**
 * "Importar do telefone" (spec part 3 "Contacts page"; issue 27): the default connection's address
 * book, a page per request (the server bounds each), with one toast that shows the progress and then
 * the result. Posting a page again is safe (nothing is created twice), so a failure just stops.
 */
export function usePhoneImport() {
  const { t } = useTranslation(CONTACTS_NS);
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const run = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    const progress = (totals: Totals) =>
      toaster.create({
        id: TOAST_ID,
        type: 'loading',
        title: t('phoneImport.running'),
        description: t('phoneImport.progress', { count: processedOf(totals) }),
        duration: Infinity,
        closable: false,
      });
    let totals = NONE;
    progress(totals);
    try {
      let cursor: string | undefined;
      do {
        const page = await importPhoneContactsPage(cursor ? { cursor } : {});
        totals = addPage(totals, page);
        cursor = page.cursor;
        toaster.update(TOAST_ID, { description: t('phoneImport.progress', { count: processedOf(totals) }) });
      } while (cursor);
      const empty = processedOf(totals) === 0;
      toaster.update(TOAST_ID, {
        type: empty ? 'info' : 'success',
        title: empty ? t('phoneImport.empty') : t('phoneImport.done'),
        description: empty ? undefined : t('phoneImport.summary', totals),
        duration: 8_000,
        closable: true,
      });
    } catch (error) {
      toaster.update(TOAST_ID, {
        type: 'error',
        title: errorMessage(error),
        description: undefined,
        duration: 8_000,
        closable: true,
      });
    } finally {
      busy.current = false;
      setRunning(false);
      void client.invalidateQueries({ queryKey: contactKeys.all });
    }
  }, [client, t]);

  return { run, running };
}
