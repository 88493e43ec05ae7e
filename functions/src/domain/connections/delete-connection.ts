/** DELETE /whatsapp/{id}: log the session out on its shard, then remove the connection. */
import { deleteConnectionRecord, getConnectionMeta, CONNECTION_WRITE, type ConnectionRecord } from '../../data/connections';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { publishConnectionDeleted } from './connection-events';
import { assertMayManageConnections, loadConnectionSettings } from './connection-policy';
import { META_RACE_RETRIES } from './connection-rules';
import { requireConnection } from './read-connections';
import { sendSessionCommand } from './session-commands';

/**
 * The default cannot be deleted while other connections exist (ERR_NO_OTHER_WHATSAPP), so a company
 * with connections always has a default. The logout is queued first: if that fails, nothing is
 * deleted and the session is not left running without its connection. Events the host still sends
 * for the deleted connection are dropped by the inbound worker (unknown connection).
 */
export async function deleteConnection(auth: AccessClaims, connectionId: string): Promise<void> {
  assertMayManageConnections(auth, await loadConnectionSettings(auth.companyId));
  const record = await requireConnection(auth.companyId, connectionId);
  await assertDeletable(record);
  await sendSessionCommand(record, 'session.logout');
  for (let attempt = 0; ; attempt++) {
    const meta = await assertDeletable(record);
    try {
      await deleteConnectionRecord(record, meta);
      break;
    } catch (err) {
      if (!(err instanceof TransactionConditionFailed)) throw err;
      if (err.has(CONNECTION_WRITE.connection)) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      if (attempt >= META_RACE_RETRIES) throw err;
    }
  }
  await publishConnectionDeleted(auth.companyId, connectionId);
}

async function assertDeletable(record: ConnectionRecord) {
  const meta = await getConnectionMeta(record.companyId);
  if (meta.defaultId === record.id && meta.count > 1) {
    throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
  }
  return meta;
}
