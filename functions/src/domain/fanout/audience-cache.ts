/**
 * What the fan-out judges a company's sockets by, cached per company in this process and keyed by the
 * company's audience versions (data/user-rights.ts, docs/decisions.md "Fan-out keyed by an audience
 * version"). Each batch makes one small consistent read (the two versions); the socket list is read
 * again only when the sockets version moved, the users' rights only when the rights version moved.
 * Every user write bumps the rights version in its own transaction, so a demotion, a queue change, a
 * deactivation or a deletion is seen by the first batch that starts after it. No user item is read
 * here, except once per company (projected) to backfill a rights record older users are missing from.
 */
import { listUsersRights } from '../../data/users';
import {
  backfillUserRights,
  getAudienceVersions,
  getUserRights,
  type AudienceVersions,
  type UserRights,
} from '../../data/user-rights';
import { listCompanyWsConnections, type WsConnection } from '../../data/ws-connections';

export interface CompanyAudience {
  /** The company's sockets as of its sockets version (TTL leftovers are the caller's to skip). */
  sockets: readonly WsConnection[];
  /** Every user's rights as of its rights version; a user missing here was deleted. */
  rights: ReadonlyMap<string, UserRights>;
}

/** Companies kept; the oldest entry goes first (one fan-out instance serves many companies). */
const MAX_COMPANIES = 2_000;
const cache = new Map<string, CompanyAudience & { versions: AudienceVersions }>();

export async function loadCompanyAudience(companyId: string): Promise<CompanyAudience> {
  const versions = await getAudienceVersions(companyId);
  const cached = cache.get(companyId);
  const [sockets, rights] = await Promise.all([
    cached?.versions.sockets === versions.sockets
      ? cached.sockets
      : listCompanyWsConnections(companyId, { consistent: true }),
    cached?.versions.rights === versions.rights ? cached.rights : loadRights(companyId, versions.rights),
  ]);
  cache.delete(companyId); // re-inserted last: the Map's order is the eviction order
  cache.set(companyId, { versions, sockets, rights });
  if (cache.size > MAX_COMPANIES) cache.delete(cache.keys().next().value!);
  return { sockets, rights };
}

/** Forgets every company (tests that reset the table under a running process). */
export function clearAudienceCache(): void {
  cache.clear();
}

async function loadRights(companyId: string, seenVersion: number): Promise<ReadonlyMap<string, UserRights>> {
  const record = await getUserRights(companyId);
  if (record.complete) return record.users;
  const users = await listUsersRights(companyId);
  // A user write between the version read and this backfill: the group is redelivered and reads again.
  if (!(await backfillUserRights(companyId, users, seenVersion)))
    throw new Error('user rights changed during their backfill');
  return new Map(users.map(({ id, ...rights }) => [id, rights]));
}
