import { Box, Button, Dialog, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUpload } from 'react-icons/lu';
import { DialogShell } from '@/components/dialog-shell';
import { CONTACT_LIST_NS } from '@/entities/contact-list';
import { SpreadsheetError } from '@/lib/spreadsheet';
import { errorMessage } from '@/lib/toaster';
import { useListImport } from '../hooks/use-list-import';
import { CONTACT_LISTS_NS } from '../i18n';

/**
 * A list's import (spec part 3 "Contact list items page", §5 "Import into a list", §8 partial
 * capacity): the list's room first ('Esta lista de contatos ainda tem um limite de N contatos!' and
 * 'Apenas N contatos serao importados!' when the file is larger; a full list blocks), then a progress
 * bar while the chunks go, then every refused row with why, and whether WhatsApp could be asked.
 */
export function ListImportDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const { t: tl } = useTranslation(CONTACT_LIST_NS);
  const input = useRef<HTMLInputElement>(null);
  const { state, start, reset } = useListImport(listId);
  const busy = state.phase === 'reading' || state.phase === 'sending';
  const refused = state.results.filter((r) => r.status === 'refused');
  const created = state.results.length - refused.length;
  const percent = state.total ? Math.round((state.sent / state.total) * 100) : 0;
  const partial = state.remaining !== undefined && state.remaining > 0 && state.total > state.remaining;
  const close = () => {
    reset();
    onClose();
  };
  const failure =
    state.phase === 'failed'
      ? state.error instanceof SpreadsheetError
        ? t(`import.errors.${state.error.reason}`)
        : `${errorMessage(state.error)} ${state.results.length ? t('import.failed') : ''}`.trim()
      : state.phase === 'full'
        ? tl('capacity.full')
        : null;

  return (
    <DialogShell open onClose={close} size="md" testId="contact-list-import-dialog">
      <Dialog.Header>
        <Dialog.Title>{t('import.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {t('import.hint')}
          </Text>
          <input
            ref={input}
            type="file"
            accept=".csv,.xlsx,.xls"
            hidden
            data-testid="contact-list-import-file"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void start(file);
            }}
          />
          <Button alignSelf="start" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <LuUpload />
            {t('import.choose')}
          </Button>
          {state.phase === 'reading' ? <Text textStyle="sm">{t('import.reading')}</Text> : null}
          {partial ? (
            <Stack gap="0" role="status" data-testid="contact-list-import-capacity">
              <Text textStyle="sm" color="fg.warning">
                {tl('capacity.remaining', { count: state.remaining })}
              </Text>
              <Text textStyle="sm" color="fg.warning">
                {tl('capacity.partial', { count: state.remaining })}
              </Text>
            </Stack>
          ) : null}
          {state.phase === 'sending' || state.phase === 'done' || (state.phase === 'failed' && state.total) ? (
            <Stack gap="1">
              <Progress.Root value={percent} size="sm" colorPalette="brand" data-testid="contact-list-import-progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text textStyle="xs" color="fg.muted">
                {t('import.progress', { sent: state.sent, total: state.total })}
              </Text>
            </Stack>
          ) : null}
          {failure ? (
            <Text textStyle="sm" color="fg.error" role="alert" data-testid="contact-list-import-error">
              {failure}
            </Text>
          ) : null}
          {state.phase === 'done' ? (
            <Text textStyle="sm" fontWeight="medium" data-testid="contact-list-import-summary">
              {refused.length === 0 ? t('import.done') : t('import.summary', { created, refused: refused.length })}
            </Text>
          ) : null}
          {state.whatsappCheck && state.whatsappCheck !== 'checked' && created > 0 ? (
            <Text textStyle="sm" color="fg.muted" data-testid="contact-list-import-whatsapp">
              {tl(`whatsapp.${state.whatsappCheck}`)}
            </Text>
          ) : null}
          {refused.length ? (
            <Box borderWidth="1px" rounded="md" maxH="64" overflow="auto">
              <Table.Root size="sm" stickyHeader data-testid="contact-list-import-report">
                <Table.Caption captionSide="top" textAlign="start" px="3">
                  {t('import.refusedTitle')}
                </Table.Caption>
                <Table.Header>
                  <Table.Row bg="bg.subtle">
                    <Table.ColumnHeader w="20">{t('import.line')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('import.reason')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {refused.map((row) => (
                    <Table.Row key={row.line} data-testid="contact-list-import-refused">
                      <Table.Cell>{row.line}</Table.Cell>
                      <Table.Cell>{row.status === 'refused' ? t(`import.reasons.${row.reason}`) : null}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={close}>
          {t('import.close')}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
