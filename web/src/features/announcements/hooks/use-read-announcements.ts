import type { AnnouncementDto } from '@atende/shared';
import { useCallback, useMemo, useState } from 'react';

type Seen = Record<string, string>;

const storageKey = (userId: string) => `announcementsRead:${userId}`;
/** The most recently read are kept: far more than the popover lists. */
const MAX_REMEMBERED = 200;

function load(userId: string | undefined): Seen {
  if (!userId) return {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Seen) : {};
  } catch {
    return {};
  }
}

const isUnread = (seen: Seen, record: AnnouncementDto) => seen[record.id] !== record.updatedAt;

/**
 * Which announcements this user has opened, kept in this browser per user: id → the version
 * (`updatedAt`) read, so an edited announcement counts as new again (issue 30 item 12: the badge
 * counted every active announcement, read or not).
 */
export function useReadAnnouncements(userId: string | undefined, records: AnnouncementDto[]) {
  const [seen, setSeen] = useState<{ userId: string | undefined; ids: Seen }>(() => ({ userId, ids: load(userId) }));
  const ids = seen.userId === userId ? seen.ids : load(userId);
  const unread = useMemo(() => records.filter((record) => isUnread(ids, record)), [ids, records]);

  const markRead = useCallback(
    (record: AnnouncementDto) => {
      if (!userId || !isUnread(ids, record)) return;
      const kept = Object.entries(ids).filter(([id]) => id !== record.id);
      const next: Seen = Object.fromEntries([...kept.slice(-(MAX_REMEMBERED - 1)), [record.id, record.updatedAt]]);
      try {
        localStorage.setItem(storageKey(userId), JSON.stringify(next));
      } catch {
        // storage blocked: read for this page only
      }
      setSeen({ userId, ids: next });
    },
    [userId, ids],
  );

  return { unread, isUnread: (record: AnnouncementDto) => isUnread(ids, record), markRead };
}
