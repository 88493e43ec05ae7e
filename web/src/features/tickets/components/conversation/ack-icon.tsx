import { Icon } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuCheckCheck } from 'react-icons/lu';

/** Spec part 1 §4: 0 and 1 sent, 2 delivered, 3 read, 4 read with the coloured icon. */
export function ackGlyph(ack: number): 'sent' | 'delivered' | 'read' | 'readColoured' {
  if (ack >= 4) return 'readColoured';
  if (ack === 3) return 'read';
  if (ack === 2) return 'delivered';
  return 'sent';
}

export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation('tickets');
  const glyph = ackGlyph(ack);
  const Glyph = glyph === 'sent' ? LuCheck : LuCheckCheck;
  return (
    <Icon
      boxSize="3.5"
      color={glyph === 'readColoured' ? '#53bdeb' : 'currentColor'}
      opacity={glyph === 'read' ? 1 : 0.8}
      aria-label={t(`messages.ack.${Math.min(Math.max(ack, 0), 4)}`)}
      role="img"
      data-testid="ack"
      data-ack={ack}
      data-glyph={glyph}
    >
      <Glyph />
    </Icon>
  );
}
