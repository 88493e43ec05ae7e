/** POST /whatsapp (spec part 2 §3, §5, §6). */
import { ulid } from '@atende/shared/ids';
import { generateApiToken, type ConnectionDto, type CreateConnectionInput } from '@atende/shared';
import { getConnectionMeta, insertConnection, CONNECTION_WRITE, type ConnectionRecord } from '../../data/connections';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { logger } from '../../platform/logger';
import { publishConnectionUpdated } from './connection-events';
import { toConnectionDtoResolved } from './connection-dto';
import {
  assertChannelAvailable,
  assertMayManageConnections,
  assertMaySetToken,
  connectionLimit,
  loadConnectionSettings,
  mayReadToken,
  maySetToken,
  tokenTaken,
} from './connection-policy';
import { assertQueuesExist, checkTransferRules, META_RACE_RETRIES } from './connection-rules';
import { chooseAdapter, pickShard } from './placement';
import { sendSessionCommand } from './session-commands';
import { markSessionUnreachable } from './session-actions';

/**
 * Creates the connection and asks its shard to start the session (status OPENING until the first
 * QR arrives). The first connection of a company, or one created with isDefault, becomes the default.
 */
export async function createConnection(auth: AccessClaims, input: CreateConnectionInput): Promise<ConnectionDto> {
  const companyId = auth.companyId;
  const settings = await loadConnectionSettings(companyId);
  assertMayManageConnections(auth, settings);
  assertChannelAvailable(input.channel, settings);
  if (input.token) assertMaySetToken(auth, settings);
  const transfer = checkTransferRules(input);
  await assertQueuesExist(companyId, input.queueIds);
  const [limit, shard] = await Promise.all([connectionLimit(companyId), pickShard()]);

  const now = new Date().toISOString();
  const record: ConnectionRecord = {
    id: ulid(),
    companyId,
    name: input.name,
    channel: input.channel,
    number: '',
    status: 'OPENING',
    qrcode: '',
    pairingCode: '',
    isDefault: false,
    greetingMessage: input.greetingMessage,
    complationMessage: input.complationMessage,
    outOfHoursMessage: input.outOfHoursMessage,
    ratingMessage: input.ratingMessage,
    token: (maySetToken(auth, settings) && input.token) || generateApiToken(),
    provider: input.provider,
    ...transfer,
    queueIds: input.queueIds,
    retries: 0,
    shard,
    adapter: chooseAdapter(),
    createdAt: now,
    updatedAt: now,
  };
  await insertRespectingRules(record, input.isDefault, limit);

  const started = await startNewSession(record);
  await publishConnectionUpdated(started);
  return toConnectionDtoResolved(started, mayReadToken(auth, settings));
}

/** The meta item can lose a race (another create took the default); re-read and retry. */
async function insertRespectingRules(record: ConnectionRecord, wantsDefault: boolean, limit: number | null): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const meta = await getConnectionMeta(record.companyId);
    if (limit !== null && meta.count >= limit) {
      throw new AppError('ERR_CONNECTION_LIMIT', 400);
    }
    const becomesDefault = wantsDefault || !meta.defaultId;
    record.isDefault = becomesDefault;
    try {
      await insertConnection(record, limit, becomesDefault ? { id: record.id, previousId: meta.defaultId } : null);
      return;
    } catch (err) {
      if (err instanceof TransactionConditionFailed && err.has(CONNECTION_WRITE.token)) throw tokenTaken();
      const raced =
        err instanceof TransactionConditionFailed &&
        (err.has(CONNECTION_WRITE.meta) || err.has(CONNECTION_WRITE.previousDefault));
      if (!raced || attempt >= META_RACE_RETRIES) throw err;
    }
  }
}

/** A queue outage must not lose the connection: it is kept as DISCONNECTED so "try again" works. */
async function startNewSession(record: ConnectionRecord): Promise<ConnectionRecord> {
  try {
    await sendSessionCommand(record, 'session.start');
    return record;
  } catch (err) {
    logger.error('session.start could not be queued', { err, connectionId: record.id });
    return (await markSessionUnreachable(record)) ?? record;
  }
}
