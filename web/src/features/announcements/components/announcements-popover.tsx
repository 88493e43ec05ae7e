import { Badge, Box, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import type { AnnouncementDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';
import { LoadingState } from '@/components/loading-state';
import { useSession } from '@/hooks/use-session';
import { useAnnouncements } from '../api/announcements';
import { useAnnouncementsLive } from '../hooks/use-announcements-live';
import { useReadAnnouncements } from '../hooks/use-read-announcements';
import { AnnouncementView } from './announcement-view';
import { PRIORITY_COLOR } from './priority';
import { ANNOUNCEMENTS_NS } from '../i18n';

/**
 * The top bar's announcements popover (spec part 1 §2): priority colour bar; a choice opens the
 * dialog; the badge counts the ones this user has not opened yet. Built on Menu (a list of choices,
 * and its recipe is already in the theme; a Popover's would add to the first load).
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation(ANNOUNCEMENTS_NS);
  const { user } = useSession();
  const list = useAnnouncements();
  const [opened, setOpened] = useState<AnnouncementDto | null>(null);
  useAnnouncementsLive();
  const records = useMemo(
    () => (list.data?.pages.flatMap((page) => page.records) ?? []).filter((record) => record.status),
    [list.data],
  );
  const read = useReadAnnouncements(user?.id, records);
  const open = (record: AnnouncementDto) => {
    read.markRead(record);
    setOpened(record);
  };

  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount>
        <Menu.Trigger asChild>
          <IconButton
            variant="ghost"
            colorPalette="gray"
            size="sm"
            aria-label={t('popover')}
            title={t('popover')}
            position="relative"
            data-testid="announcements-trigger"
          >
            <LuMegaphone />
            {read.unread.length > 0 ? (
              <Badge
                position="absolute"
                top="0"
                insetEnd="0"
                size="xs"
                colorPalette="red"
                variant="solid"
                borderRadius="full"
                data-testid="announcements-unread"
              >
                {read.unread.length}
              </Badge>
            ) : null}
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content w={{ base: '90vw', sm: '80' }} maxH="96" overflowY="auto" p="2">
              {list.isPending ? (
                <LoadingState minH="16" />
              ) : records.length === 0 ? (
                <Text p="3" color="fg.muted" fontSize="sm">
                  {t('empty')}
                </Text>
              ) : (
                <Stack gap="1">
                  {records.map((record) => (
                    <Menu.Item
                      key={record.id}
                      value={record.id}
                      py="2"
                      px="2"
                      onSelect={() => open(record)}
                      data-testid="announcement-item"
                      data-unread={read.isUnread(record) || undefined}
                    >
                      <HStack align="stretch" gap="3" w="full" minW="0">
                        <Box
                          w="1"
                          borderRadius="full"
                          bg={PRIORITY_COLOR[record.priority]}
                          flexShrink={0}
                          data-priority={record.priority}
                        />
                        <Stack gap="0" minW="0" textAlign="start">
                          <Text fontWeight={read.isUnread(record) ? 'bold' : 'medium'} truncate>
                            {record.title}
                          </Text>
                          <Text fontSize="xs" color="fg.muted" truncate fontWeight="normal">
                            {record.text}
                          </Text>
                        </Stack>
                      </HStack>
                    </Menu.Item>
                  ))}
                </Stack>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <AnnouncementView announcement={opened} onClose={() => setOpened(null)} />
    </>
  );
}
