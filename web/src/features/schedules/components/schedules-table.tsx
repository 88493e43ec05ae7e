import { Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { mayManageSchedule, type ScheduleDto, type Viewer } from '@atende/shared';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { LuPaperclip } from 'react-icons/lu';
import { RowActionsCell } from '@/components/row-actions-cell';
import { SCHEDULE_STATUS_PALETTE, SCHEDULES_NS, schedulePreview } from '@/entities/schedule';

/** Spec part 3 "Schedules page": send date as DD/MM/YYYY HH:mm:ss. */
const sendDate = (iso: string) => format(new Date(iso), 'dd/MM/yyyy HH:mm:ss');
/** Ids are long ULIDs: the table shows their tail, the tooltip the whole id. */
const shortId = (id: string) => (id.length > 8 ? `…${id.slice(-6)}` : id);

interface SchedulesTableProps {
  schedules: ScheduleDto[];
  viewer: Viewer | null;
  onEdit: (schedule: ScheduleDto) => void;
  onDelete: (schedule: ScheduleDto) => void;
}

/**
 * id, contact, body cut at 25 characters, send date, attachments, status, edit and delete (spec part 3).
 * On a phone the contact cell carries the date and status under the name; the other columns hide.
 * Edit and delete show only to whom the policy lets change it (author or admin).
 */
export function SchedulesTable({ schedules, viewer, onEdit, onDelete }: SchedulesTableProps) {
  const { t } = useTranslation(SCHEDULES_NS);
  const statusBadge = (s: ScheduleDto) => (
    <Badge size="sm" colorPalette={SCHEDULE_STATUS_PALETTE[s.status]}>
      {t(`status.${s.status}`)}
    </Badge>
  );
  return (
    <Table.Root size="sm" stickyHeader interactive>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader w="24" display={{ base: 'none', lg: 'table-cell' }}>
            {t('page.columns.id')}
          </Table.ColumnHeader>
          <Table.ColumnHeader>{t('page.columns.contact')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>{t('page.columns.body')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t('page.columns.sendAt')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', lg: 'table-cell' }}>{t('page.columns.media')}</Table.ColumnHeader>
          <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t('page.columns.status')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" w="24">
            {t('page.columns.actions')}
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {schedules.map((s) => {
          const canManage = viewer !== null && mayManageSchedule(viewer, s);
          const files = s.mediaName.map((m) => m.originalName).join(', ');
          return (
            <Table.Row key={s.id} data-testid="schedule-row">
              <Table.Cell display={{ base: 'none', lg: 'table-cell' }}>
                <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" title={s.id}>
                  {shortId(s.id)}
                </Text>
              </Table.Cell>
              <Table.Cell maxW={{ base: '0', md: 'xs' }} w={{ base: 'full', md: 'auto' }}>
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" truncate title={s.contact?.name}>
                    {s.contact?.name ?? '—'}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate display={{ base: 'block', md: 'none' }}>
                    {schedulePreview(s.body)}
                  </Text>
                  <HStack gap="2" display={{ base: 'flex', sm: 'none' }} fontSize="xs" color="fg.muted">
                    <Text>{sendDate(s.sendAt)}</Text>
                    {statusBadge(s)}
                    {s.isMedia ? (
                      <Box as="span" title={files} aria-label={files}>
                        <LuPaperclip />
                      </Box>
                    ) : null}
                  </HStack>
                </Stack>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', md: 'table-cell' }} title={s.body} data-testid="schedule-row-body">
                {schedulePreview(s.body)}
              </Table.Cell>
              <Table.Cell display={{ base: 'none', sm: 'table-cell' }} whiteSpace="nowrap">
                {sendDate(s.sendAt)}
              </Table.Cell>
              <Table.Cell display={{ base: 'none', lg: 'table-cell' }} maxW="3xs">
                <Text truncate title={files} color={files ? undefined : 'fg.muted'}>
                  {files || t('page.noMedia')}
                </Text>
              </Table.Cell>
              <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>{statusBadge(s)}</Table.Cell>
              {canManage ? <RowActionsCell onEdit={() => onEdit(s)} onDelete={() => onDelete(s)} /> : <Table.Cell />}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
