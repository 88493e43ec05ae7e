import { Icon, type IconProps } from '@chakra-ui/react';
import { FaFacebookMessenger, FaInstagram, FaTelegram, FaWhatsapp } from 'react-icons/fa';
import type { Channel } from '@atende/shared';

const ICONS: Record<Channel, { icon: typeof FaWhatsapp; color: string }> = {
  whatsapp: { icon: FaWhatsapp, color: '#25D366' },
  facebook: { icon: FaFacebookMessenger, color: '#0084FF' },
  instagram: { icon: FaInstagram, color: '#E1306C' },
  telegram: { icon: FaTelegram, color: '#229ED9' },
};

export function ChannelIcon({ channel, ...props }: { channel: string } & IconProps) {
  const { icon: Glyph, color } = ICONS[channel as Channel] ?? ICONS.whatsapp;
  return (
    <Icon color={color} boxSize="5" aria-label={channel} {...props}>
      <Glyph />
    </Icon>
  );
}
