import { Box, chakra, HStack, Menu, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuReply, LuTrash2 } from 'react-icons/lu';
import type { Message } from '../../api/types';
import { DeletedMessage, MessageBubbleShell, MessageMenu, MessageMeta } from '@/entities/message';
import { useFormatPhone } from '@/hooks/use-format-phone';
import { contactLabel } from '../../lib/contact-label';
import { messageTime } from '../../lib/list-time';
import { parseWhatsappMarkup, type MarkupStyle } from '../../lib/whatsapp-markup';
import { AckIcon } from './ack-icon';
import { MessageMedia, showsCaption } from './message-media';
import { MissedCallLine, UnsupportedBody } from './message-notice';

export interface MessageBubbleProps {
  message: Message;
  /** Present only when the ticket accepts replies. */
  onReply?: (message: Message) => void;
  /** Present only when this message may be deleted (own, ticket open). */
  onDelete?: (message: Message) => void;
}

/** The bubble stays wide enough for the time and the ticks under a short text. */
const BUBBLE_PROPS = { minW: '24' };

const SEGMENT_PROPS: Record<MarkupStyle, Record<string, string>> = {
  bold: { fontWeight: 'semibold' },
  italic: { fontStyle: 'italic' },
  strike: { textDecoration: 'line-through' },
  mono: { fontFamily: 'mono' },
};

function MarkedText({ text }: { text: string }) {
  return (
    <>
      {parseWhatsappMarkup(text).map((segment, index) =>
        segment.style ? (
          <chakra.span key={index} {...SEGMENT_PROPS[segment.style]}>
            {segment.text}
          </chakra.span>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

function Quoted({ quoted }: { quoted: NonNullable<Message['quotedMsg']> }) {
  return (
    <Box
      borderStartWidth="4px"
      borderStartColor={quoted.fromMe ? 'brand.solid' : 'purple.400'}
      bg="blackAlpha.100"
      _dark={{ bg: 'whiteAlpha.100' }}
      rounded="sm"
      px="2"
      py="1"
      data-testid="quoted-message"
    >
      <Text textStyle="xs" color="fg.muted" lineClamp={3} whiteSpace="pre-wrap">
        {quoted.body || quoted.mediaType}
      </Text>
    </Box>
  );
}

function BubbleMenu({ message, onReply, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('tickets');
  return (
    <MessageMenu
      label={t('messages.menu')}
      minW="36"
      onSelect={(value) => (value === 'reply' ? onReply?.(message) : onDelete?.(message))}
    >
      {onReply ? (
        <Menu.Item value="reply">
          <LuReply /> {t('messages.reply')}
        </Menu.Item>
      ) : null}
      {onDelete ? (
        <Menu.Item value="delete" color="fg.error">
          <LuTrash2 /> {t('messages.delete')}
        </Menu.Item>
      ) : null}
    </MessageMenu>
  );
}

/** One message: media, quote, text, time, edited/deleted markers and, for ours, the ack. */
export const MessageBubble = memo(function MessageBubble({ message, onReply, onDelete }: MessageBubbleProps) {
  const { t } = useTranslation('tickets');
  const formatPhone = useFormatPhone();
  const mine = message.fromMe;
  const actionable = !message.isDeleted && (onReply || onDelete);
  if (message.notice?.kind === 'missedCall') return <MissedCallLine message={message} isVideo={message.notice.isVideo} />;
  return (
    <MessageBubbleShell
      mine={mine}
      withMenu={Boolean(actionable)}
      bubbleProps={BUBBLE_PROPS}
      maxW={{ base: '88%', md: '70%' }}
      data-testid="message"
      data-from-me={mine}
      data-message-id={message.id}
    >
      {actionable ? <BubbleMenu message={message} onReply={onReply} onDelete={onDelete} /> : null}
      {message.participant && !mine ? (
        <Text textStyle="xs" fontWeight="semibold" color="purple.fg">
          {contactLabel(message.participant, formatPhone)}
        </Text>
      ) : null}
      {message.isDeleted ? (
        <DeletedMessage testId="message-deleted">{t('messages.deleted')}</DeletedMessage>
      ) : (
        <>
          {message.quotedMsg ? <Quoted quoted={message.quotedMsg} /> : null}
          {message.mediaType ? <MessageMedia message={message} /> : null}
          {message.notice?.kind === 'unsupported' ? (
            <UnsupportedBody type={message.notice.type} />
          ) : message.body && showsCaption(message) ? (
            <Text textStyle="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="message-body">
              <MarkedText text={message.body} />
            </Text>
          ) : null}
        </>
      )}
      <MessageMeta justify="flex-end" color="fg.muted">
        {message.editedMessage && !message.isDeleted ? (
          <HStack gap="0.5" title={t('messages.editedFrom', { text: message.editedMessage })} data-testid="message-edited">
            <LuPencil size="10" />
            <span>{t('messages.edited')}</span>
          </HStack>
        ) : null}
        <span>{messageTime(message.createdAt)}</span>
        {mine ? <AckIcon ack={message.ack} /> : null}
      </MessageMeta>
    </MessageBubbleShell>
  );
});
