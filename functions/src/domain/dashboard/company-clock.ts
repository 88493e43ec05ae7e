/**
 * The company's time zone for the dashboard's days (spec part 1 §2 "Dashboard": a day is the
 * company's day, not the server's). Read through a short per-process cache: ticket creation and new
 * contacts ask for it on the inbound path, and a zone changes rarely (a change applies within a minute).
 */
import { DEFAULT_TIME_ZONE } from '@atende/shared';
import { getCompany } from '../../data/companies';
import { leadMove, localSlot } from '../../data/dashboard-days';
import type { LabelledItem } from '../../data/transactions';
import { ttlCache } from '../../data/ttl-cache';

const zones = ttlCache<string>(60_000);

export const companyTimeZone = (companyId: string): Promise<string> =>
  zones.get(companyId, async () => (await getCompany(companyId))?.timeZone || DEFAULT_TIME_ZONE); // AP-C1

/** Drops the cached zones (tests; a company's zone changed in this process). */
export const forgetCompanyTimeZones = (companyId?: string) => zones.forget(companyId);

/** The local `YYYY-MM-DDTHH` a ticket created at `createdAt` is counted under. */
export async function ticketCreatedSlot(companyId: string, createdAt: string): Promise<string> {
  return localSlot(createdAt, await companyTimeZone(companyId));
}

/** The dashboard's `leads` move for a contact created at `createdAt` (a group is not a lead). */
export async function leadMoves(companyId: string, createdAt: string, isGroup: boolean): Promise<LabelledItem[]> {
  return isGroup ? [] : [leadMove(companyId, createdAt, await companyTimeZone(companyId))];
}
