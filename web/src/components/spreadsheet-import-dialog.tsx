import { Box, Button, Dialog, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuUpload } from 'react-icons/lu';
import { SpreadsheetError } from '@/lib/spreadsheet';
import { errorMessage } from '@/lib/toaster';
import { DialogShell } from './dialog-shell';

/** One row's answer: created, or refused with a reason (`import.reasons.<reason>` in the namespace). */
export interface ImportRowOutcome {
  line: number;
  status: string;
  reason?: string;
}

/** Where a spreadsheet import stands (the features' import hooks). */
export interface SpreadsheetImportState {
  phase: string;
  /** Rows read from the file, and how many the server answered. */
  total: number;
  sent: number;
  results: readonly ImportRowOutcome[];
  error?: unknown;
}

interface SpreadsheetImportDialogProps {
  /** The feature's namespace, holding the `import.*` texts (title, hint, choose, progress, reasons…). */
  ns: string;
  state: SpreadsheetImportState;
  start: (file: File) => unknown;
  /** Closes the dialog (after resetting the import). */
  onClose: () => void;
  /** `<prefix>-dialog`, `-file`, `-progress`, `-error`, `-summary`, `-report`, `-refused` test ids. */
  testIdPrefix: string;
  /** A failure the feature knows of beside the file's and the API's (e.g. a full list). */
  blocked?: string | null;
  /** Shown above the progress bar (e.g. the list's room). */
  notice?: ReactNode;
  /** Shown under the summary. */
  footnote?: ReactNode;
}

/**
 * A spreadsheet import (.csv, .xlsx; contacts and contact lists, issue 27): choose the file, a
 * progress bar while the chunks go, then how many were imported and every refused row with why.
 */
export function SpreadsheetImportDialog({
  ns,
  state,
  start,
  onClose,
  testIdPrefix,
  blocked,
  notice,
  footnote,
}: SpreadsheetImportDialogProps) {
  const { t } = useTranslation(ns);
  const input = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'reading' || state.phase === 'sending';
  const refused = state.results.filter((r) => r.status === 'refused');
  const created = state.results.length - refused.length;
  const percent = state.total ? Math.round((state.sent / state.total) * 100) : 0;
  const failure =
    state.phase === 'failed'
      ? state.error instanceof SpreadsheetError
        ? t(`import.errors.${state.error.reason}`)
        : `${errorMessage(state.error)} ${state.results.length ? t('import.failed') : ''}`.trim()
      : (blocked ?? null);
  const id = (part: string) => `${testIdPrefix}-${part}`;

  return (
    <DialogShell open onClose={onClose} size="md" testId={id('dialog')}>
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
            data-testid={id('file')}
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
          {notice}
          {state.phase === 'sending' || state.phase === 'done' || (state.phase === 'failed' && state.total) ? (
            <Stack gap="1">
              <Progress.Root value={percent} size="sm" colorPalette="brand" data-testid={id('progress')}>
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
            <Text textStyle="sm" color="fg.error" role="alert" data-testid={id('error')}>
              {failure}
            </Text>
          ) : null}
          {state.phase === 'done' ? (
            <Text textStyle="sm" fontWeight="medium" data-testid={id('summary')}>
              {refused.length === 0 ? t('import.done') : t('import.summary', { created, refused: refused.length })}
            </Text>
          ) : null}
          {footnote}
          {refused.length ? (
            <Box borderWidth="1px" rounded="md" maxH="64" overflow="auto">
              <Table.Root size="sm" stickyHeader data-testid={id('report')}>
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
                    <Table.Row key={row.line} data-testid={id('refused')}>
                      <Table.Cell>{row.line}</Table.Cell>
                      <Table.Cell>{t(`import.reasons.${row.reason}`)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          {t('common.close', { ns: 'translation' })}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
