/**
 * `GET /companies/listOnline/{minutes}` (super users, Settings → Reports): companies one of whose users
 * signed in, refreshed a session or opened a socket in the last `minutes` — read from the last-seen
 * index (O(companies in the answer)), never from the users of every company.
 */
import type { OnlineCompanyDto } from '@atende/shared';
import { getCompanies } from '../../data/companies';
import { listCompaniesSeenSince } from '../../data/last-seen';

export async function listOnlineCompanies(minutes: number, now = new Date()): Promise<OnlineCompanyDto[]> {
  const seen = await listCompaniesSeenSince(new Date(now.getTime() - minutes * 60_000)); // AP-LS1
  const companies = new Map((await getCompanies(seen.map((s) => s.companyId))).map((c) => [c.id, c])); // AP-C3
  return seen.flatMap(({ companyId, lastSeenAt }) => {
    const company = companies.get(companyId);
    if (!company) return []; // deleted since
    return [{ id: company.id, name: company.name, email: company.email, phone: company.phone ?? '', lastSeenAt }];
  });
}
