/**
 * Realtime for connections (spec part 1 §4, part 2 §7): every change goes to both
 * `company-<cid>-whatsapp` and `company-<cid>-whatsappSession`. Sockets include operators,
 * so the payload never carries the API token.
 */
import { realtimeChannel, type WhatsappRealtimeData, type WhatsappSessionRealtimeData } from '@atende/shared';
import type { ConnectionRecord } from '../../data/connections';
import { publishToCompany } from '../../platform/realtime-publisher';
import { toConnectionDtoResolved } from './connection-dto';

export async function publishConnectionUpdated(record: ConnectionRecord): Promise<void> {
  const dto = await toConnectionDtoResolved(record, false);
  await Promise.all([
    publishToCompany<WhatsappRealtimeData>(record.companyId, realtimeChannel.whatsapp(record.companyId), { action: 'update', whatsapp: dto }),
    publishToCompany<WhatsappSessionRealtimeData>(record.companyId, realtimeChannel.whatsappSession(record.companyId), { action: 'update', session: dto }),
  ]);
}

export async function publishConnectionDeleted(companyId: string, connectionId: string): Promise<void> {
  await publishToCompany<WhatsappRealtimeData>(companyId, realtimeChannel.whatsapp(companyId), { action: 'delete', whatsappId: connectionId });
}
