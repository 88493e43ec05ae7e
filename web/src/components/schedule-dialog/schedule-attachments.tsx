import { Button, HStack, IconButton, Link, Stack, Text } from '@chakra-ui/react';
import type { ScheduleMediaDto } from '@atende/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuX } from 'react-icons/lu';
import { acceptAttachments } from '@/lib/attachments';
import { notify } from '@/lib/toaster';
import { SCHEDULES_NS } from './i18n';

/** The warnings of spec part 1 §5/§9, shared with the message input (validation.message.*). */
const ISSUE_KEYS = {
  blocked: 'validation.message.blockedType',
  tooLarge: 'validation.message.tooLarge',
  tooMany: 'validation.message.tooMany',
  duplicate: 'validation.message.duplicateName',
} as const;

interface ScheduleAttachmentsProps {
  /** Files already attached on the server (removed with a confirmation, by the dialog). */
  attached: ScheduleMediaDto[];
  /** Files picked here, uploaded when the schedule is saved. */
  pending: File[];
  onPendingChange: (files: File[]) => void;
  onRemoveAttached: (media: ScheduleMediaDto) => void;
  disabled?: boolean;
}

/**
 * The schedule's attachment picker: the rules (type, 5 MB, 3 files, no duplicate name) are checked
 * against attached + pending files before anything is uploaded, each refusal told as a warning.
 */
export function ScheduleAttachments({
  attached,
  pending,
  onPendingChange,
  onRemoveAttached,
  disabled,
}: ScheduleAttachmentsProps) {
  const { t } = useTranslation(SCHEDULES_NS);
  const input = useRef<HTMLInputElement>(null);
  const current: { name: string; size: number; type: string }[] = [
    ...attached.map((m) => ({ name: m.originalName, size: m.size, type: m.mimetype })),
    ...pending,
  ];

  const pick = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    const { accepted, issues } = acceptAttachments(current, picked);
    for (const issue of issues) notify.warning(t(ISSUE_KEYS[issue.kind], { ns: 'translation' }));
    // `accepted` holds the very File objects picked
    if (accepted.length) onPendingChange([...pending, ...picked.filter((f) => accepted.includes(f))]);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack gap="2" data-testid="schedule-attachments">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="medium" textStyle="sm">
          {t('attachments')}
        </Text>
        <Button size="xs" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
          <LuPaperclip /> {t('attach')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept="audio/*,video/*,image/*,application/*,text/plain,text/csv"
          data-testid="schedule-file-input"
          onChange={(event) => pick(event.target.files)}
        />
      </HStack>
      <Text textStyle="xs" color="fg.muted">
        {t('attachHint')}
      </Text>
      {attached.map((media) => (
        <HStack key={media.originalName} gap="2" data-testid="schedule-attached-file">
          <LuPaperclip />
          {media.url ? (
            <Link href={media.url} target="_blank" rel="noreferrer" flex="1" minW="0" truncate textStyle="sm">
              {media.originalName}
            </Link>
          ) : (
            <Text flex="1" minW="0" truncate textStyle="sm">
              {media.originalName}
            </Text>
          )}
          <IconButton
            size="2xs"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            aria-label={t('removeFile', { name: media.originalName })}
            onClick={() => onRemoveAttached(media)}
          >
            <LuX />
          </IconButton>
        </HStack>
      ))}
      {pending.map((file) => (
        <HStack key={file.name} gap="2" data-testid="schedule-pending-file">
          <LuPaperclip />
          <Text flex="1" minW="0" truncate textStyle="sm">
            {file.name}{' '}
            <Text as="span" color="fg.muted">
              ({t('pending')})
            </Text>
          </Text>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('removeFile', { name: file.name })}
            onClick={() => onPendingChange(pending.filter((f) => f !== file))}
          >
            <LuX />
          </IconButton>
        </HStack>
      ))}
    </Stack>
  );
}
