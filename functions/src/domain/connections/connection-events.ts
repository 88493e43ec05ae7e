/**
 * Realtime for connections (spec part 1 §4, part 2 §7): every change goes to both `whatsapp` and
 * `whatsappSession`, to the whole company (operators list connections too), so the payload never
 * carries the API token.
 */
import type { ConnectionRecord } from '../../data/connections';
import { publish } from '../../platform/realtime-publisher';
import { toConnectionDtoResolved } from './connection-dto';

const COMPANY = { kind: 'company' } as const;

export async function publishConnectionUpdated(record: ConnectionRecord): Promise<void> {
  const dto = await toConnectionDtoResolved(record, false);
  await Promise.all([
    publish(record.companyId, 'whatsapp', { action: 'update', whatsapp: dto }, COMPANY),
    publish(record.companyId, 'whatsappSession', { action: 'update', session: dto }, COMPANY),
  ]);
}

export async function publishConnectionDeleted(companyId: string, connectionId: string): Promise<void> {
  await publish(companyId, 'whatsapp', { action: 'delete', whatsappId: connectionId }, COMPANY);
}
