import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCircleHelp, LuPhoneMissed } from 'react-icons/lu';
import type { Message } from '../../api/types';
import { messageTime } from '../../lib/list-time';

/** A call the customer made that nobody answered: a centred system line with its time, not a bubble. */
export function MissedCallLine({ message, isVideo }: { message: Message; isVideo: boolean }) {
  const { t } = useTranslation('tickets');
  return (
    <HStack
      alignSelf="center"
      gap="1.5"
      px="3"
      py="1"
      rounded="md"
      bg={{ _light: 'white', _dark: '#182229' }}
      color="fg.muted"
      shadow="0 1px 0.5px rgba(11,20,26,.13)"
      textStyle="xs"
      data-testid="message-missed-call"
      data-message-id={message.id}
    >
      <LuPhoneMissed color="var(--chakra-colors-red-fg)" aria-hidden />
      <span>{t(isVideo ? 'messages.missedVideoCall' : 'messages.missedCall')}</span>
      <Text as="span" textStyle="2xs">
        {messageTime(message.createdAt)}
      </Text>
    </HStack>
  );
}

/** A WhatsApp message type the console does not show: its name, and where to look at it. */
export function UnsupportedBody({ type }: { type: string }) {
  const { t } = useTranslation('tickets');
  return (
    <HStack
      gap="1.5"
      color="fg.muted"
      fontStyle="italic"
      textStyle="sm"
      title={t('messages.unsupportedHint')}
      data-testid="message-unsupported"
    >
      <LuCircleHelp aria-hidden /> {t('messages.unsupported', { type })}
    </HStack>
  );
}
