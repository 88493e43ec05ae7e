import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SpreadsheetImportDialog } from '@/components/spreadsheet-import-dialog';
import { CONTACT_LIST_NS } from '@/entities/contact-list';
import { useListImport } from '../hooks/use-list-import';
import { CONTACT_LISTS_NS } from '../i18n';

/**
 * A list's import (spec part 3 "Contact list items page", §5 "Import into a list", §8 partial
 * capacity): the list's room first ('Esta lista de contatos ainda tem um limite de N contatos!' and
 * 'Apenas N contatos serao importados!' when the file is larger; a full list blocks), then a progress
 * bar while the chunks go, then every refused row with why, and whether WhatsApp could be asked.
 */
export function ListImportDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const { t: tl } = useTranslation(CONTACT_LIST_NS);
  const { state, start, reset } = useListImport(listId);
  const created = state.results.filter((r) => r.status !== 'refused').length;
  const partial = state.remaining !== undefined && state.remaining > 0 && state.total > state.remaining;
  const close = () => {
    reset();
    onClose();
  };

  return (
    <SpreadsheetImportDialog
      ns={CONTACT_LISTS_NS}
      state={state}
      start={start}
      onClose={close}
      testIdPrefix="contact-list-import"
      blocked={state.phase === 'full' ? tl('capacity.full') : null}
      notice={
        partial ? (
          <Stack gap="0" role="status" data-testid="contact-list-import-capacity">
            <Text textStyle="sm" color="fg.warning">
              {tl('capacity.remaining', { count: state.remaining })}
            </Text>
            <Text textStyle="sm" color="fg.warning">
              {tl('capacity.partial', { count: state.remaining })}
            </Text>
          </Stack>
        ) : null
      }
      footnote={
        state.whatsappCheck && state.whatsappCheck !== 'checked' && created > 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="contact-list-import-whatsapp">
            {tl(`whatsapp.${state.whatsappCheck}`)}
          </Text>
        ) : null
      }
    />
  );
}
