/**
 * `DELETE /companies/{id}` (super users): the company goes with all of its data, and its users are
 * logged out. In the request, bounded by the plan (users, connections):
 *   1. the company is retired (inactive, out of the directory, name free): sign-in and refresh refuse it;
 *   2. the purge is started, keeping the ids of the users and connections removed below (their own
 *      partitions — chats, refresh families, messages of a connection — outlive them);
 *   3. every user is removed and their refresh sessions revoked: access tokens fail every write and
 *      privileged read at once (platform/fresh-rights.ts), and GET /auth/me;
 *   4. `company-{id}-changed` (delete) is published: the fan-out finds the sockets' owners gone,
 *      sends them the last `revoked` frame and closes them (the mechanism of deleted users);
 *   5. every connection's session is logged out on its shard (the session host wipes its WhatsApp
 *      keys) and the connection removed (shard load);
 *   6. the purge job is put on the due index.
 * The job (`purge-company.ts`) then erases every remaining item off the request path, in slices. A
 * repeated DELETE answers the progress instead of starting again.
 */
import type { CompanyDeletionDto } from '@atende/shared';
import { getCompany, retireCompany } from '../../data/companies';
import { getPurgeProgress, startPurge, type PurgeProgress } from '../../data/company-purge';
import { deleteConnectionRecord, getConnectionMeta, listConnections, type ConnectionRecord } from '../../data/connections';
import { TransactionConditionFailed } from '../../data/transactions';
import { listAllUsers, removeUser } from '../../data/users';
import { AppError, forbidden } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { publish } from '../../platform/realtime-publisher';
import { sendSessionCommand } from '../connections/session-commands';
import { revokeUserSessions } from '../credentials/refresh-sessions';
import { queuePurge } from './purge-company';

export { COMPANY_PURGE_JOB, runCompanyPurge } from './purge-company';

const toDto = (p: PurgeProgress): CompanyDeletionDto => ({
  companyId: p.purgedCompanyId,
  state: p.state,
  deleted: p.deleted,
  startedAt: p.startedAt,
  finishedAt: p.finishedAt,
});

export async function deleteCompany(auth: AccessClaims, companyId: string): Promise<CompanyDeletionDto> {
  if (companyId === auth.companyId) throw forbidden();
  const company = await getCompany(companyId); // AP-C1
  const started = await getPurgeProgress(companyId); // AP-PURGE2
  if (!company) {
    if (started) return toDto(started);
    throw new AppError('ERR_NOT_FOUND', 404);
  }
  if (company.isPlatform) throw forbidden();
  if (!company.deletedAt) await retireCompany(company);
  const users = await listAllUsers(companyId); // AP-U5
  const connections = await listConnections(companyId); // AP-W2
  await startPurge(companyId, { userIds: users.map((u) => u.id), connectionIds: connections.map((c) => c.id) });
  for (const user of users) {
    await removeUser(user).catch((err: unknown) => {
      if (!(err instanceof TransactionConditionFailed)) throw err; // changed or removed meanwhile: the purge takes it
    });
    await revokeUserSessions(companyId, user.id);
  }
  await publish(companyId, 'companyChanged', { action: 'delete', companyId }, { kind: 'company' });
  await retireConnections(companyId, connections);
  await queuePurge(auth.companyId, companyId);
  return toDto((await getPurgeProgress(companyId))!);
}

async function retireConnections(companyId: string, connections: ConnectionRecord[]): Promise<void> {
  for (const connection of connections) {
    await sendSessionCommand(connection, 'session.logout');
    await deleteConnectionRecord(connection, await getConnectionMeta(companyId)).catch((err: unknown) => {
      if (!(err instanceof TransactionConditionFailed)) throw err; // the purge erases what is left
    });
  }
}
