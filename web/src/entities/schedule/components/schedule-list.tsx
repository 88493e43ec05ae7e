import { Badge, Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ScheduleDto } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuPencil, LuTrash2 } from 'react-icons/lu';
import { formatDateTime } from '@/lib/format';
import { SCHEDULES_NS } from '../i18n';

/** Spec part 3 "Schedules page": the body is shown cut at 25 characters. */
export const SCHEDULE_PREVIEW_CHARS = 25;
export const schedulePreview = (body: string) =>
  body.length > SCHEDULE_PREVIEW_CHARS ? `${body.slice(0, SCHEDULE_PREVIEW_CHARS)}…` : body;
export const SCHEDULE_STATUS_PALETTE = { PENDENTE: 'orange', ENVIADA: 'green', ERRO: 'red' } as const;

interface ScheduleListProps {
  schedules: ScheduleDto[];
  editingId?: string;
  onEdit: (schedule: ScheduleDto) => void;
  onDelete: (schedule: ScheduleDto) => void;
}

/** The contact's scheduled messages under the schedule form: time, body, status, edit and delete. */
export function ScheduleList({ schedules, editingId, onEdit, onDelete }: ScheduleListProps) {
  const { t } = useTranslation(SCHEDULES_NS);
  if (!schedules.length) {
    return (
      <Text textStyle="sm" color="fg.muted" data-testid="schedule-list-empty">
        {t('none')}
      </Text>
    );
  }
  return (
    <Stack gap="1" data-testid="schedule-list">
      {schedules.map((schedule) => (
        <HStack
          key={schedule.id}
          gap="2"
          px="2"
          py="1"
          rounded="md"
          bg={schedule.id === editingId ? 'bg.muted' : undefined}
          data-testid="schedule-item"
        >
          <Stack gap="0" flex="1" minW="0">
            <Text textStyle="xs" color="fg.muted">
              {formatDateTime(schedule.sendAt)}
            </Text>
            <Text textStyle="sm" truncate title={schedule.body}>
              {schedulePreview(schedule.body)}
            </Text>
          </Stack>
          {schedule.isMedia ? (
            <Box as="span" color="fg.muted" title={schedule.mediaName.map((m) => m.originalName).join(', ')}>
              <LuPaperclip />
            </Box>
          ) : null}
          <Badge size="sm" colorPalette={SCHEDULE_STATUS_PALETTE[schedule.status]}>
            {t(`status.${schedule.status}`)}
          </Badge>
          <IconButton size="2xs" variant="ghost" aria-label={t('edit')} onClick={() => onEdit(schedule)}>
            <LuPencil />
          </IconButton>
          <IconButton
            size="2xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t('delete')}
            onClick={() => onDelete(schedule)}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      ))}
    </Stack>
  );
}
