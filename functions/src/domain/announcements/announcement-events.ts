/**
 * `company-<cid>-announcement` for every company. Announcements are platform-wide and rare (a super
 * user's action), so the change is handed to the realtime queue once per company from the directory,
 * page by page, off the request path of everyone else.
 */
import type { AnnouncementRealtimeData } from '@atende/shared';
import { queryCompanyDirectory } from '../../data/companies';
import { publish } from '../../platform/realtime-publisher';

export type { AnnouncementRealtimeData };

export async function publishAnnouncementChange(data: AnnouncementRealtimeData): Promise<void> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryCompanyDirectory(100, cursor);
    await Promise.all(page.companyIds.map((companyId) => publish(companyId, 'announcement', data, { kind: 'company' })));
    cursor = page.nextCursor;
  } while (cursor);
}
