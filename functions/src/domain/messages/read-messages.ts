import type { ConnectionMessagesPage } from '@atende/shared';
import { isConnectionMessagesCursorOf, queryConnectionMessages } from '../../data/messages';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { AppError } from '../../platform/app-error';
import { toMessageDto } from './message-dto';

/**
 * Newest first. The cursor must be one this module issued for this very connection (its shape and
 * partition checked before any query), so a forged one is a 400, never a 500 or another tenant's page.
 */
export async function listRecentConnectionMessages(
  companyId: string,
  connectionId: string,
  page: { cursor?: string; limit: number },
): Promise<ConnectionMessagesPage> {
  const after = decodeCursor(page.cursor);
  if (page.cursor && (!after || !isConnectionMessagesCursorOf(companyId, connectionId, after))) {
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'Inválido' } });
  }
  const result = await queryConnectionMessages(companyId, connectionId, { after, limit: page.limit });
  return {
    messages: await Promise.all(result.messages.map(toMessageDto)),
    hasMore: !!result.next,
    ...(result.next ? { cursor: encodeCursor(result.next) } : {}),
  };
}
