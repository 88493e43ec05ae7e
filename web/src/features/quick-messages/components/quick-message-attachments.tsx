import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { MESSAGE_MSG, QUICK_MESSAGE_MSG, type QuickMessageMediaDto } from '@atende/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuX } from 'react-icons/lu';
import { acceptAttachments } from '@/lib/attachments';
import { translateMessage } from '@/lib/i18n';
import { toaster } from '@/lib/toaster';
import { QUICK_MESSAGES_NS } from '../i18n';

/** Spec part 3 §8: the quick-reply file warnings and how long each stays (type 5 s, size 4 s, name 5 s). */
const ISSUES = {
  blocked: { key: MESSAGE_MSG.blockedType, ms: 5000 },
  tooLarge: { key: MESSAGE_MSG.tooLarge, ms: 4000 },
  tooMany: { key: MESSAGE_MSG.tooMany, ms: 5000 },
  duplicate: { key: QUICK_MESSAGE_MSG.duplicateName, ms: 5000 },
} as const;

interface QuickMessageAttachmentsProps {
  attached: QuickMessageMediaDto[];
  pending: File[];
  onPendingChange: (files: File[]) => void;
  onRemoveAttached: (media: QuickMessageMediaDto) => void;
  disabled?: boolean;
}

/** Picks files for a reply; the rules (type, 5 MB, 3 files, no duplicate name) are checked before any upload. */
export function QuickMessageAttachments({
  attached,
  pending,
  onPendingChange,
  onRemoveAttached,
  disabled,
}: QuickMessageAttachmentsProps) {
  const { t } = useTranslation(QUICK_MESSAGES_NS);
  const input = useRef<HTMLInputElement>(null);
  const current = [...attached.map((m) => ({ name: m.originalName, size: m.size, type: m.mimetype })), ...pending];

  const pick = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    const { accepted, issues } = acceptAttachments(current, picked);
    for (const issue of issues)
      toaster.create({ type: 'warning', title: translateMessage(ISSUES[issue.kind].key), duration: ISSUES[issue.kind].ms });
    if (accepted.length) onPendingChange([...pending, ...picked.filter((f) => accepted.includes(f))]);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack gap="2" data-testid="quick-message-attachments">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="medium" textStyle="sm">
          {t('dialog.attachments')}
        </Text>
        <Button size="xs" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
          <LuPaperclip /> {t('dialog.attach')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept="image/*,video/*,audio/*,.doc,.docx,.pdf,.txt,.rtf,.ppt,.pptx,.xls,.xlsx,.csv,.odt,.ods,.odp"
          data-testid="quick-message-file-input"
          onChange={(event) => pick(event.target.files)}
        />
      </HStack>
      <Text textStyle="xs" color="fg.muted">
        {t('dialog.attachHint')}
      </Text>
      {attached.map((media) => (
        <HStack key={media.originalName} gap="2" data-testid="quick-message-attached-file">
          <LuPaperclip />
          <Text flex="1" minW="0" truncate textStyle="sm">
            {media.originalName}
          </Text>
          <IconButton
            size="2xs"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            aria-label={t('dialog.removeFile', { name: media.originalName })}
            onClick={() => onRemoveAttached(media)}
          >
            <LuX />
          </IconButton>
        </HStack>
      ))}
      {pending.map((file) => (
        <HStack key={file.name} gap="2" data-testid="quick-message-pending-file">
          <LuPaperclip />
          <Text flex="1" minW="0" truncate textStyle="sm">
            {file.name}{' '}
            <Text as="span" color="fg.muted">
              ({t('dialog.pending')})
            </Text>
          </Text>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('dialog.removeFile', { name: file.name })}
            onClick={() => onPendingChange(pending.filter((f) => f !== file))}
          >
            <LuX />
          </IconButton>
        </HStack>
      ))}
    </Stack>
  );
}
