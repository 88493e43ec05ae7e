import { Box } from '@chakra-ui/react';
import type { AnnouncementDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';
import { TopBarMenu, type TopBarMenuEntry } from '@/components/top-bar-menu';
import { useSession } from '@/hooks/use-session';
import { useAnnouncements } from '../api/announcements';
import { useAnnouncementsLive } from '../hooks/use-announcements-live';
import { useReadAnnouncements } from '../hooks/use-read-announcements';
import { AnnouncementView } from './announcement-view';
import { PRIORITY_COLOR } from './priority';
import { ANNOUNCEMENTS_NS } from '../i18n';

/**
 * The top bar's announcements popover (spec part 1 §2): priority colour bar; a choice opens the
 * dialog; the badge counts the ones this user has not opened yet.
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
  const entries = records.map((record): TopBarMenuEntry => {
    const unread = read.isUnread(record);
    return {
      id: record.id,
      title: record.title,
      text: record.text,
      unread,
      onSelect: () => {
        read.markRead(record);
        setOpened(record);
      },
      leading: (
        <Box w="1" borderRadius="full" bg={PRIORITY_COLOR[record.priority]} flexShrink={0} data-priority={record.priority} />
      ),
      data: { 'data-unread': unread || undefined },
    };
  });

  return (
    <TopBarMenu
      label={t('popover')}
      icon={<LuMegaphone />}
      badge={read.unread.length}
      testId="announcements"
      entryTestId="announcement-item"
      entries={entries}
      loading={list.isPending}
      emptyText={t('empty')}
    >
      <AnnouncementView announcement={opened} onClose={() => setOpened(null)} />
    </TopBarMenu>
  );
}
