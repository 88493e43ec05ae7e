import { IconButton, Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronDown } from 'react-icons/lu';

export interface MessageMenuProps {
  /** The button's aria-label. */
  label: string;
  /** The list's minimum width. */
  minW: string;
  /** The chosen item's value (or each item's own onClick). */
  onSelect?: (value: string) => void;
  /** The `Menu.Item`s. */
  children: ReactNode;
}

/**
 * A message's actions: a chevron in the bubble's top end corner that opens the list below it. From
 * `md` up it shows when the bubble is hovered or the button focused; below, on touch screens that
 * have no hover, it stays visible (dimmed) so a tap finds it.
 */
export function MessageMenu({ label, minW, onSelect, children }: MessageMenuProps) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={onSelect ? (details) => onSelect(details.value) : undefined}
    >
      <Menu.Trigger asChild>
        <IconButton
          aria-label={label}
          size="2xs"
          variant="ghost"
          position="absolute"
          top="0.5"
          right="0.5"
          opacity={{ base: 0.7, md: 0 }}
          _groupHover={{ opacity: 1 }}
          _focusVisible={{ opacity: 1 }}
          color="fg.muted"
        >
          <LuChevronDown />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>{children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
