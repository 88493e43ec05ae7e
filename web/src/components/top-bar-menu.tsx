import { Badge, Box, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadingState } from './loading-state';

/** One row of a top-bar menu: a title over a one-line text, bold while it is unread. */
export interface TopBarMenuEntry {
  id: string;
  title: string;
  text: string;
  unread: boolean;
  onSelect: () => void;
  /** Before the texts (a colour bar) and after them (a count). */
  leading?: ReactNode;
  trailing?: ReactNode;
  /** Extra `data-*` attributes of the row, for tests and support. */
  data?: Record<`data-${string}`, string | boolean | undefined>;
}

export interface TopBarMenuProps {
  /** The trigger's accessible name and tooltip. */
  label: string;
  icon: ReactNode;
  /** The red count on the trigger; none at 0. */
  badge: number;
  /** `<testId>-trigger`, `<testId>-unread` on the badge. */
  testId: string;
  /** The rows' `data-testid`. */
  entryTestId: string;
  entries: TopBarMenuEntry[];
  loading: boolean;
  emptyText: string;
  /** A last row that opens the whole page. */
  seeAll?: { label: string; onSelect: () => void };
  onOpenChange?: (open: boolean) => void;
  /** Rendered beside the menu (a dialog a row opens). */
  children?: ReactNode;
}

/**
 * A top-bar icon with its unread count that opens a short list (spec part 1 §2: the internal chats,
 * the announcements): loading and empty states and an optional "see all" row. Built on Menu (a list of
 * choices, and its recipe is already in the theme; a Popover's would add to the first load).
 */
export function TopBarMenu({
  label,
  icon,
  badge,
  testId,
  entryTestId,
  entries,
  loading,
  emptyText,
  seeAll,
  onOpenChange,
  children,
}: TopBarMenuProps) {
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        lazyMount
        onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      >
        <Menu.Trigger asChild>
          <IconButton
            variant="ghost"
            colorPalette="gray"
            size="sm"
            aria-label={label}
            title={label}
            position="relative"
            data-testid={`${testId}-trigger`}
          >
            {icon}
            {badge > 0 ? (
              <Badge
                position="absolute"
                top="0"
                insetEnd="0"
                size="xs"
                colorPalette="red"
                variant="solid"
                borderRadius="full"
                data-testid={`${testId}-unread`}
              >
                {badge}
              </Badge>
            ) : null}
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content w={{ base: '90vw', sm: '80' }} maxH="96" overflowY="auto" p="2">
              {loading ? (
                <LoadingState minH="16" />
              ) : entries.length === 0 ? (
                <Text p="3" color="fg.muted" fontSize="sm">
                  {emptyText}
                </Text>
              ) : (
                <Stack gap="1">
                  {entries.map((entry) => (
                    <TopBarMenuRow key={entry.id} entry={entry} testId={entryTestId} />
                  ))}
                </Stack>
              )}
              {seeAll ? (
                <Menu.Item value="all" justifyContent="center" color="brand.fg" onSelect={seeAll.onSelect}>
                  {seeAll.label}
                </Menu.Item>
              ) : null}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {children}
    </>
  );
}

function TopBarMenuRow({ entry, testId }: { entry: TopBarMenuEntry; testId: string }) {
  return (
    <Menu.Item value={entry.id} py="2" px="2" onSelect={entry.onSelect} data-testid={testId} {...entry.data}>
      <HStack align="stretch" gap="3" w="full" minW="0">
        {entry.leading}
        <Box flex="1" minW="0" textAlign="start">
          <Text fontWeight={entry.unread ? 'bold' : 'medium'} truncate>
            {entry.title}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate fontWeight="normal">
            {entry.text}
          </Text>
        </Box>
        {entry.trailing ? <Flex align="center">{entry.trailing}</Flex> : null}
      </HStack>
    </Menu.Item>
  );
}
