import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TicketDto } from '../../api/types';

/** Facebook and Instagram accept replies only within 24 hours of the customer's last message (spec part 1 §9). */
export function hasReplyWindow(channel: TicketDto['channel']): boolean {
  return channel === 'facebook' || channel === 'instagram';
}

export function ChannelWindowNotice({ ticket }: { ticket: TicketDto }) {
  const { t } = useTranslation('tickets');
  if (!hasReplyWindow(ticket.channel)) return null;
  return (
    <Alert.Root status="warning" size="sm" borderRadius="0" data-testid="channel-window-notice">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{t('input.channelWindow')}</Alert.Title>
    </Alert.Root>
  );
}
