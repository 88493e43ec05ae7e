import { Portal, Tooltip } from '@chakra-ui/react';
import type { ReactElement } from 'react';

/** The collapsed side menu's label beside an icon (its own chunk: see side-menu.tsx). */
export function MenuTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root positioning={{ placement: 'right' }} openDelay={150} closeDelay={0}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
