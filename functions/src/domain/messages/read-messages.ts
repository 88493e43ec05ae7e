import type { ConnectionMessagesPage } from '@atende/shared';
import { queryConnectionMessages } from '../../data/messages';
import { decodeCursor, encodeCursor } from '../../data/paging';
import { AppError } from '../../platform/app-error';
import { toMessageDto } from './message-dto';

/**
 * Newest first. The key condition pins the company's own partition, so a forged cursor can at most
 * be rejected by DynamoDB (→ 400), never reach another tenant's items.
 */
export async function listRecentConnectionMessages(
  companyId: string, connectionId: string, page: { cursor?: string; limit: number },
): Promise<ConnectionMessagesPage> {
  const after = decodeCursor(page.cursor);
  const result = await queryConnectionMessages(companyId, connectionId, { after, limit: page.limit }).catch((err) => {
    if (after && (err as Error).name === 'ValidationException') throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
    throw err;
  });
  return {
    messages: await Promise.all(result.messages.map(toMessageDto)),
    hasMore: !!result.next,
    ...(result.next ? { cursor: encodeCursor(result.next) } : {}),
  };
}
