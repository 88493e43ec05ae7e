import { Box, HStack, Icon, IconButton, Image, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { LuBan, LuChevronDown, LuCircleAlert, LuFileText, LuPencil, LuTrash2 } from 'react-icons/lu';
import { simulatorMediaUrl, type SimMessage } from '../api/simulator-api';
import { AckTicks } from './ack-ticks';

function MediaPreview({ media }: { media: NonNullable<SimMessage['media']> }) {
  const src = simulatorMediaUrl(media.url);
  switch (media.kind) {
    case 'image':
      return <Image src={src} alt={media.fileName ?? ''} rounded="md" maxH="64" objectFit="cover" />;
    case 'sticker':
      return <Image src={src} alt="sticker" boxSize="32" objectFit="contain" />;
    case 'video':
      return <video src={src} controls style={{ borderRadius: 6, maxHeight: 256, width: '100%' }} />;
    case 'audio':
      return <audio src={src} controls style={{ width: 220, height: 36 }} />;
    default:
      return (
        <Link href={src} target="_blank" rel="noreferrer" bg="blackAlpha.100" rounded="md" p="2" gap="2" textStyle="sm">
          <Icon boxSize="6" color="red.500">
            <LuFileText />
          </Icon>
          <Text truncate maxW="48">
            {media.fileName ?? media.mimetype}
          </Text>
        </Link>
      );
  }
}

/** Edit (text only) and delete-for-everyone on the customer's own messages, as WhatsApp offers them. */
function OwnMessageMenu({ message, onEdit, onDelete }: { message: SimMessage; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('simulator');
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('chat.messageActions')}
          size="2xs"
          variant="ghost"
          position="absolute"
          top="0.5"
          right="0.5"
          opacity={0}
          _groupHover={{ opacity: 1 }}
          _focusVisible={{ opacity: 1 }}
          color="fg.muted"
        >
          <LuChevronDown />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {!message.media ? (
              <Menu.Item value="edit" onClick={onEdit}>
                <LuPencil /> {t('chat.edit')}
              </Menu.Item>
            ) : null}
            <Menu.Item value="delete" color="fg.error" onClick={onDelete}>
              <LuTrash2 /> {t('chat.deleteForEveryone')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export interface MessageBubbleProps {
  message: SimMessage;
  /** The session host's inbound file limit, for the "file over the limit" note. */
  maxInboundMediaBytes?: number;
  onEdit?: (message: SimMessage) => void;
  onDelete?: (message: SimMessage) => void;
}

/** One chat bubble on the customer's phone: the customer's own on the right, the company's on the left. */
export function MessageBubble({ message, maxInboundMediaBytes, onEdit, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('simulator');
  const mine = message.from === 'customer';
  const actionable = mine && !message.deleted && onEdit && onDelete;
  const time = format(parseISO(message.timestamp), 'HH:mm');
  return (
    <Box alignSelf={mine ? 'flex-end' : 'flex-start'} maxW="82%" data-testid="sim-message" data-from={message.from}>
      <Stack
        gap="1"
        px="2.5"
        pt="1.5"
        pb="1"
        rounded="lg"
        roundedTopRight={mine ? '0' : 'lg'}
        roundedTopLeft={mine ? 'lg' : '0'}
        bg={mine ? { _light: '#d9fdd3', _dark: '#005c4b' } : { _light: 'white', _dark: '#202c33' }}
        color={{ _light: '#111b21', _dark: '#e9edef' }}
        shadow="0 1px 0.5px rgba(11,20,26,.13)"
        position="relative"
        className="group"
        pe={actionable ? '7' : '2.5'}
      >
        {actionable ? (
          <OwnMessageMenu message={message} onEdit={() => onEdit(message)} onDelete={() => onDelete(message)} />
        ) : null}
        {message.deleted ? (
          <HStack gap="1.5" color="fg.muted" fontStyle="italic" textStyle="sm">
            <LuBan /> {t('chat.deleted')}
          </HStack>
        ) : (
          <>
            {message.media ? <MediaPreview media={message.media} /> : null}
            {message.text ? (
              <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word">
                {message.text}
              </Text>
            ) : null}
          </>
        )}
        {message.failure && !message.deleted ? (
          <HStack gap="1" color="fg.error" textStyle="2xs" data-testid="sim-message-failure" data-failure={message.failure}>
            <LuCircleAlert />
            <Text>
              {t(`chat.failed.${message.failure}`, { limit: megabytes(maxInboundMediaBytes ?? 100 * 1024 * 1024) })}
            </Text>
          </HStack>
        ) : null}
        <HStack gap="1" alignSelf="flex-end" color={{ _light: '#667781', _dark: '#8696a0' }} textStyle="2xs" lineHeight="1">
          {message.edited ? <Text>{t('chat.edited')}</Text> : null}
          <Text>{time}</Text>
          {message.failure && !mine ? null : <AckTicks ack={message.ack} />}
        </HStack>
      </Stack>
    </Box>
  );
}
