import { Box, Button, Dialog, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUpload } from 'react-icons/lu';
import { DialogShell } from '@/components/dialog-shell';
import { errorMessage } from '@/lib/toaster';
import { useContactsImport } from '../hooks/use-contacts-import';
import { SpreadsheetError } from '@/lib/spreadsheet';
import { CONTACTS_NS } from '../i18n';

/**
 * Import from a spreadsheet (spec part 3 "Contacts page": .csv, .xls, .xlsx; issue 27): a progress
 * bar while the chunks go, then how many were imported and every refused row with why.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(CONTACTS_NS);
  const input = useRef<HTMLInputElement>(null);
  const { state, start, reset } = useContactsImport();
  const busy = state.phase === 'reading' || state.phase === 'sending';
  const refused = state.results.filter((r) => r.status === 'refused');
  const created = state.results.length - refused.length;
  const percent = state.total ? Math.round((state.sent / state.total) * 100) : 0;
  const close = () => {
    reset();
    onClose();
  };
  const failure =
    state.phase === 'failed'
      ? state.error instanceof SpreadsheetError
        ? t(`import.errors.${state.error.reason}`)
        : `${errorMessage(state.error)} ${state.results.length ? t('import.failed') : ''}`.trim()
      : null;

  return (
    <DialogShell open onClose={close} size="md" testId="contacts-import-dialog">
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
            data-testid="contacts-import-file"
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
          {state.phase === 'sending' || state.phase === 'done' || (state.phase === 'failed' && state.total) ? (
            <Stack gap="1">
              <Progress.Root value={percent} size="sm" colorPalette="brand" data-testid="contacts-import-progress">
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
            <Text textStyle="sm" color="fg.error" role="alert" data-testid="contacts-import-error">
              {failure}
            </Text>
          ) : null}
          {state.phase === 'done' ? (
            <Text textStyle="sm" fontWeight="medium" data-testid="contacts-import-summary">
              {refused.length === 0 ? t('import.done') : t('import.summary', { created, refused: refused.length })}
            </Text>
          ) : null}
          {refused.length ? (
            <Box borderWidth="1px" rounded="md" maxH="64" overflow="auto">
              <Table.Root size="sm" stickyHeader data-testid="contacts-import-report">
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
                    <Table.Row key={row.line} data-testid="contacts-import-refused">
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
          {t('common.close', { ns: 'translation' })}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
