/** GET /quick-messages/list (the '/' suggestions): the company's shared ones plus the caller's own. */
import type { QuickMessageDto } from '@atende/shared';
import { listQuickMessages } from '../../data/quick-messages';

export async function listQuickMessagesFor(companyId: string, userId: string): Promise<QuickMessageDto[]> {
  return (await listQuickMessages(companyId)) // AP-QM1
    .filter((q) => !q.userId || q.userId === userId)
    .map((q) => ({
      id: q.id,
      shortcode: q.shortcode,
      message: q.message,
      userId: q.userId ?? null,
      mediaUrl: q.mediaUrl ?? null,
      mediaName: q.mediaName ?? null,
    }))
    .sort((a, b) => a.shortcode.localeCompare(b.shortcode, 'pt-BR'));
}
