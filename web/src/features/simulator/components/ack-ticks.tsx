import { Icon } from '@chakra-ui/react';
import { LuCheck, LuCheckCheck, LuClock } from 'react-icons/lu';
import type { SimAck } from '../api/simulator-api';

/** WhatsApp's ticks: clock pending, ✓ sent, ✓✓ delivered, blue ✓✓ read / played. */
export function AckTicks({ ack }: { ack: SimAck }) {
  const read = ack >= 3;
  const Glyph = ack === 0 ? LuClock : ack === 1 ? LuCheck : LuCheckCheck;
  return (
    <Icon boxSize="3.5" color={read ? '#53bdeb' : 'currentColor'} data-testid="ack" data-ack={ack} aria-label={`ack ${ack}`}>
      <Glyph />
    </Icon>
  );
}
