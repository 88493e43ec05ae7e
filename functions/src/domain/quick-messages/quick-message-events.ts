/**
 * `company-<cid>-quickmessage` (spec part 3 "Real-time channels"). A reply for everyone goes to the
 * company; one for "only me" to its author's sockets alone (it is private, policy/quick-messages.ts).
 */
import type { Audience, QuickMessageDto, QuickMessageRealtimeData } from '@atende/shared';
import { publish } from '../../platform/realtime-publisher';

const audienceOf = (q: Pick<QuickMessageDto, 'toAll' | 'userId'>): Audience =>
  q.toAll || !q.userId ? { kind: 'company' } : { kind: 'user', userId: q.userId };

const send = (companyId: string, data: QuickMessageRealtimeData, audience: Audience) =>
  publish(companyId, 'quickMessage', data, audience);

/** A change; when a reply stops being for everyone, the others' consoles get a delete. */
export async function publishQuickMessageSaved(
  companyId: string,
  action: 'create' | 'update',
  record: QuickMessageDto,
  wasToAll = record.toAll,
): Promise<void> {
  if (wasToAll && !record.toAll) await send(companyId, { action: 'delete', id: record.id }, { kind: 'company' });
  await send(companyId, { action, record }, audienceOf(record));
}

export async function publishQuickMessageDeleted(companyId: string, record: QuickMessageDto): Promise<void> {
  await send(companyId, { action: 'delete', id: record.id }, audienceOf(record));
}
