import { Box, CloseButton, HStack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuReply } from 'react-icons/lu';
import type { Message } from '../../api/types';

/** "Replying to …" above the input, with a way out. */
export function ReplyBar({ message, onCancel }: { message: Message; onCancel: () => void }) {
  const { t } = useTranslation('tickets');
  return (
    <HStack px="4" py="2" gap="3" bg="bg.subtle" borderTopWidth="1px" borderColor="border" data-testid="reply-bar">
      <Box color="brand.fg">
        <LuReply />
      </Box>
      <Box flex="1" minW="0" borderStartWidth="3px" borderStartColor="brand.solid" ps="2">
        <Text textStyle="xs" color="fg.muted">
          {t('input.replyingTo')}
        </Text>
        <Text textStyle="sm" truncate>
          {message.body || message.mediaType}
        </Text>
      </Box>
      <CloseButton size="sm" aria-label={t('input.cancelReply')} onClick={onCancel} />
    </HStack>
  );
}

/** The chosen files, each removable, before they are sent. */
export function AttachmentChips({ files, onRemove }: { files: File[]; onRemove: (file: File) => void }) {
  const { t } = useTranslation('tickets');
  if (files.length === 0) return null;
  return (
    <Wrap px="4" py="2" gap="2" borderTopWidth="1px" borderColor="border" bg="bg.subtle" data-testid="attachments">
      {files.map((file) => (
        <Tag.Root key={file.name} size="lg" variant="surface" maxW="60">
          <Tag.StartElement>
            <LuPaperclip />
          </Tag.StartElement>
          <Tag.Label truncate>{file.name}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={t('input.removeFile', { name: file.name })} onClick={() => onRemove(file)} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
    </Wrap>
  );
}
