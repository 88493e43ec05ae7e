/** PUT /whatsapp/{id} (spec part 2 §5, §6). The channel is fixed at creation. */
import { type ConnectionDto, type UpdateConnectionInput } from '@atende/shared';
import {
  getConnectionMeta,
  updateConnectionSettings,
  CONNECTION_WRITE,
  type ConnectionRecord,
} from '../../data/connections';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { publishConnectionUpdated } from './connection-events';
import { toConnectionDtoResolved } from './connection-dto';
import {
  assertMayManageConnections,
  assertMaySetToken,
  loadConnectionSettings,
  mayReadToken,
  maySetToken,
  tokenTaken,
} from './connection-policy';
import { assertQueuesExist, checkTransferRules, META_RACE_RETRIES } from './connection-rules';
import { requireConnection } from './read-connections';

export async function updateConnection(
  auth: AccessClaims,
  connectionId: string,
  patch: UpdateConnectionInput,
): Promise<ConnectionDto> {
  const companyId = auth.companyId;
  const settings = await loadConnectionSettings(companyId);
  assertMayManageConnections(auth, settings);
  const current = await requireConnection(companyId, connectionId);
  if (patch.token && patch.token !== current.token) assertMaySetToken(auth, settings);

  const queueIds = patch.queueIds ?? current.queueIds ?? [];
  const transfer = checkTransferRules({
    queueIds,
    transferQueueId: patch.transferQueueId !== undefined ? patch.transferQueueId : current.transferQueueId,
    timeToTransfer: patch.timeToTransfer !== undefined ? patch.timeToTransfer : current.timeToTransfer,
  });
  if (patch.queueIds) await assertQueuesExist(companyId, patch.queueIds);

  const fields = {
    name: patch.name ?? current.name,
    greetingMessage: patch.greetingMessage ?? current.greetingMessage,
    complationMessage: patch.complationMessage ?? current.complationMessage,
    outOfHoursMessage: patch.outOfHoursMessage ?? current.outOfHoursMessage,
    ratingMessage: patch.ratingMessage ?? current.ratingMessage,
    // '' keeps the stored token, and so does a token from someone who may not set it
    token: (maySetToken(auth, settings) && patch.token) || current.token,
    provider: patch.provider ?? current.provider,
    queueIds,
    ...transfer,
  };
  const updated = await saveWithDefaultRule(current, fields, patch.isDefault);
  await publishConnectionUpdated(updated);
  return toConnectionDtoResolved(updated, mayReadToken(auth, settings));
}

/**
 * Becoming the default unsets the old one in the same transaction. Unsetting the default is refused
 * while other connections exist (ERR_NO_OTHER_WHATSAPP: make another one the default instead);
 * a company's only connection simply stays the default.
 */
async function saveWithDefaultRule(
  current: ConnectionRecord,
  fields: Parameters<typeof updateConnectionSettings>[2],
  isDefault: boolean | undefined,
): Promise<ConnectionRecord> {
  for (let attempt = 0; ; attempt++) {
    const meta = await getConnectionMeta(current.companyId);
    const isCurrentDefault = meta.defaultId === current.id;
    if (isDefault === false && isCurrentDefault && meta.count > 1) {
      throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    }
    const newDefault = isDefault === true && !isCurrentDefault ? { id: current.id, previousId: meta.defaultId } : null;
    try {
      const saved = await updateConnectionSettings(current.companyId, current.id, fields, newDefault, current.token);
      if (!saved) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      return saved;
    } catch (err) {
      if (!(err instanceof TransactionConditionFailed)) throw err;
      if (err.has(CONNECTION_WRITE.connection)) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      if (err.has(CONNECTION_WRITE.token)) throw tokenTaken();
      if (attempt >= META_RACE_RETRIES) throw err;
    }
  }
}
