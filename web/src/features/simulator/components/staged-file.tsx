import { HStack, Icon, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuFileText, LuImage, LuMusic, LuVideo, LuX } from 'react-icons/lu';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function KindIcon({ type }: { type: string }) {
  if (type.startsWith('image/')) return <LuImage />;
  if (type.startsWith('video/')) return <LuVideo />;
  if (type.startsWith('audio/')) return <LuMusic />;
  return <LuFileText />;
}

/** The picked file above the composer, waiting for its caption (the message field) and the send button. */
export function StagedFile({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation('simulator');
  return (
    <HStack
      gap="2"
      px="3"
      py="1.5"
      bg={{ _light: '#f0f2f5', _dark: '#202c33' }}
      borderTopWidth="1px"
      textStyle="xs"
      data-testid="sim-staged-file"
    >
      <Icon boxSize="4" color="fg.muted">
        <KindIcon type={file.type} />
      </Icon>
      <Text flex="1" truncate>
        {file.name}
      </Text>
      <Text color="fg.muted" flexShrink={0}>
        {kilobytes(file.size)}
      </Text>
      <IconButton size="2xs" variant="ghost" aria-label={t('chat.removeFile')} onClick={onRemove}>
        <LuX />
      </IconButton>
    </HStack>
  );
}
