/**
 * Session actions (spec part 2 §4, §7): POST /whatsappsession/{id} (try again), PUT (new QR),
 * DELETE (disconnect), POST /restartpm2 (super users) and POST /facebook.
 * The API only records the intent and queues a command; the session host reports what happens
 * through channel events (QR, status), which the inbound worker applies.
 */
import { type ConnectionDto, type ConnectionStatus } from '@atende/shared';
import { updateConnectionState, type ConnectionRecord } from '../../data/connections';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { logger } from '../../platform/logger';
import { publishConnectionUpdated } from './connection-events';
import { toConnectionDtoResolved } from './connection-dto';
import {
  assertChannelAvailable,
  assertMayManageConnections,
  loadConnectionSettings,
  mayReadToken,
} from './connection-policy';
import { requireConnection } from './read-connections';
import { sendHostRestart, sendSessionCommand, type SessionCommandType } from './session-commands';

/** Status shown while the host works on a command; `undefined` = leave it to the events. */
const PENDING_STATUS: Partial<Record<SessionCommandType, ConnectionStatus>> = {
  'session.start': 'OPENING',
  'session.newQr': 'OPENING',
};

async function runSessionAction(auth: AccessClaims, connectionId: string, type: SessionCommandType): Promise<ConnectionDto> {
  const settings = await loadConnectionSettings(auth.companyId);
  assertMayManageConnections(auth, settings);
  let record = await requireConnection(auth.companyId, connectionId);
  const pending = PENDING_STATUS[type];
  if (pending) {
    record =
      (await updateConnectionState(auth.companyId, connectionId, {
        status: pending,
        qrcode: '',
        pairingCode: '',
        retries: 0,
      })) ?? (await requireConnection(auth.companyId, connectionId));
  }
  try {
    await sendSessionCommand(record, type);
  } catch (err) {
    logger.error('session command could not be queued', { err, connectionId, type });
    if (pending) await markSessionUnreachable(record);
    throw err;
  }
  if (pending) await publishConnectionUpdated(record);
  return toConnectionDtoResolved(record, mayReadToken(auth, settings));
}

export const startSession = (auth: AccessClaims, id: string) => runSessionAction(auth, id, 'session.start');
export const requestNewQr = (auth: AccessClaims, id: string) => runSessionAction(auth, id, 'session.newQr');
export const disconnectSession = (auth: AccessClaims, id: string) => runSessionAction(auth, id, 'session.logout');

/** The command never left: show DISCONNECTED so the console offers "try again" instead of a spinner. */
export async function markSessionUnreachable(record: ConnectionRecord): Promise<ConnectionRecord | undefined> {
  const updated = await updateConnectionState(record.companyId, record.id, { status: 'DISCONNECTED', qrcode: '' });
  if (updated) await publishConnectionUpdated(updated);
  return updated;
}

/** POST /restartpm2 (route access `super`). */
export async function restartSessionHosts(auth: AccessClaims): Promise<{ result: string; shards: number }> {
  const shards = await sendHostRestart(auth.companyId);
  return { result: 'restartRequested', shards };
}

/** POST /facebook: the toggles answer first (spec §6); past them, the Meta channels do not exist yet. */
export async function connectFacebook(auth: AccessClaims, addInstagram: boolean): Promise<never> {
  const settings = await loadConnectionSettings(auth.companyId);
  assertMayManageConnections(auth, settings);
  assertChannelAvailable(addInstagram ? 'instagram' : 'facebook', settings);
  throw new AppError('ERR_FEATURE_UNAVAILABLE', 400);
}
