import { Button, Card, Grid, HStack, Stack, Table, Text, type GridProps } from '@chakra-ui/react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/confirm-dialog';
import { SETTINGS_NS } from '../i18n';

/**
 * What the super users' settings lists share (companies, plans, helps): the form card above the list,
 * with its fields in a grid (three columns on a desk) and Clear / Save, the table's frame, and the delete
 * confirmation.
 */
export function SettingsFormCard({
  onSubmit,
  onClear,
  submitting,
  testId,
  editingNote,
  below,
  templateColumns = { base: '1fr', md: 'repeat(3, 1fr)' },
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClear: () => void;
  submitting: boolean;
  testId: string;
  /** Beside the buttons, e.g. which record is being edited. */
  editingNote?: ReactNode;
  /** Under the fields' grid (a panel of its own). */
  below?: ReactNode;
  /** The fields' grid columns per breakpoint. */
  templateColumns?: GridProps['templateColumns'];
  /** The fields, laid out in the grid. */
  children: ReactNode;
}) {
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate data-testid={testId}>
          <Stack gap="4">
            <Grid templateColumns={templateColumns} gap="4" alignItems="start">
              {children}
            </Grid>
            {below}
            <HStack justify="flex-end">
              {editingNote !== undefined ? (
                <Text flex="1" fontSize="sm" color="fg.muted">
                  {editingNote}
                </Text>
              ) : null}
              <Button variant="outline" onClick={onClear}>
                {t('clear')}
              </Button>
              <Button type="submit" loading={submitting}>
                {t('common.save')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The list under the form: a scrollable table with these column headers (the last one, for the actions, is
 * blank); with no rows, one line saying so (`empty`).
 */
export function SettingsTable({
  columns,
  empty,
  children,
}: {
  columns: ReactNode[];
  empty?: string;
  children: ReactNode[];
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {columns.map((column, i) => (
              <Table.ColumnHeader key={i}>{column}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {children.length === 0 && empty ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length + 1} textAlign="center" color="fg.muted" py="6">
                {empty}
              </Table.Cell>
            </Table.Row>
          ) : (
            children
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** "Delete X?" with a destructive Delete button. */
export function SettingsDeleteDialog(props: Omit<ConfirmDialogProps, 'destructive' | 'confirmLabel'>) {
  const { t } = useTranslation(SETTINGS_NS);
  return <ConfirmDialog {...props} destructive confirmLabel={t('common.delete')} />;
}
