import { HStack, Icon, Image, Link, Menu, Text } from '@chakra-ui/react';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { LuCircleAlert, LuFileText, LuPencil, LuTrash2 } from 'react-icons/lu';
import { DeletedMessage, MessageBubbleShell, MessageMenu, MessageMeta } from '@/entities/message';
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
    <MessageMenu label={t('chat.messageActions')} minW="40">
      {!message.media ? (
        <Menu.Item value="edit" onClick={onEdit}>
          <LuPencil /> {t('chat.edit')}
        </Menu.Item>
      ) : null}
      <Menu.Item value="delete" color="fg.error" onClick={onDelete}>
        <LuTrash2 /> {t('chat.deleteForEveryone')}
      </Menu.Item>
    </MessageMenu>
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
    <MessageBubbleShell
      mine={mine}
      withMenu={Boolean(actionable)}
      maxW="82%"
      data-testid="sim-message"
      data-from={message.from}
    >
      {actionable ? (
        <OwnMessageMenu message={message} onEdit={() => onEdit(message)} onDelete={() => onDelete(message)} />
      ) : null}
      {message.deleted ? (
        <DeletedMessage>{t('chat.deleted')}</DeletedMessage>
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
          <Text>{t(`chat.failed.${message.failure}`, { limit: megabytes(maxInboundMediaBytes ?? 100 * 1024 * 1024) })}</Text>
        </HStack>
      ) : null}
      <MessageMeta alignSelf="flex-end" color={{ _light: '#667781', _dark: '#8696a0' }}>
        {message.edited ? <Text>{t('chat.edited')}</Text> : null}
        <Text>{time}</Text>
        {message.failure && !mine ? null : <AckTicks ack={message.ack} />}
      </MessageMeta>
    </MessageBubbleShell>
  );
}
