import { Box, Stack, type BoxProps, type StackProps } from '@chakra-ui/react';

/** WhatsApp's bubble colours: the sender's green, the other side's white (and their dark-mode shades). */
const BUBBLE_BG = {
  mine: { _light: '#d9fdd3', _dark: '#005c4b' },
  theirs: { _light: 'white', _dark: '#202c33' },
};

export interface MessageBubbleShellProps extends BoxProps {
  /** Sent by the side this screen speaks for: on the right, green, its top-right corner square. */
  mine: boolean;
  /** Leaves room at the top end for the actions menu's button (MessageMenu, the bubble's first child). */
  withMenu: boolean;
  /** More of the bubble's own style (e.g. a minimum width). */
  bubbleProps?: StackProps;
}

/**
 * A chat message's bubble as WhatsApp draws it, for the console's conversation and the simulator's
 * phone: the row that places it (the other props: its width, test ids, data) and the bubble around
 * what the screen puts in it (the menu, the content, the MessageMeta row).
 */
export function MessageBubbleShell({ mine, withMenu, bubbleProps, children, ...rest }: MessageBubbleShellProps) {
  return (
    <Box alignSelf={mine ? 'flex-end' : 'flex-start'} {...rest}>
      <Stack
        gap="1"
        px="2.5"
        pt="1.5"
        pb="1"
        rounded="lg"
        roundedTopRight={mine ? '0' : 'lg'}
        roundedTopLeft={mine ? 'lg' : '0'}
        bg={mine ? BUBBLE_BG.mine : BUBBLE_BG.theirs}
        color={{ _light: '#111b21', _dark: '#e9edef' }}
        shadow="0 1px 0.5px rgba(11,20,26,.13)"
        position="relative"
        className="group"
        pe={withMenu ? '7' : '2.5'}
        {...bubbleProps}
      >
        {children}
      </Stack>
    </Box>
  );
}
