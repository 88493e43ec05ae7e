/**
 * Live billing events (spec part 2 §7 "Live events per company"): `company-{id}-payment` with action
 * CONCLUIDA (the checkout shows its thank-you or renewal toast and goes to / after 4 s) and
 * `company-{id}-changed` (the company guard re-judges the due date everywhere).
 */
import { realtimeChannel } from '@atende/shared';
import { getCompany } from '../../data/companies';
import { getPlan } from '../../data/plans';
import { publishToCompany } from '../../platform/realtime-publisher';
import { getCompanySettings, toCompanyDto } from '../companies/companies';

export async function publishPaymentConcluded(companyId: string, newDueDate: string): Promise<void> {
  const company = await getCompany(companyId);
  if (!company) return;
  const [settings, plan] = await Promise.all([getCompanySettings(companyId), getPlan(company.planId)]);
  const dto = toCompanyDto(company, settings, plan);
  await Promise.all([
    publishToCompany(companyId, realtimeChannel.payment(companyId), { action: 'CONCLUIDA', company: dto, dueDate: newDueDate }),
    publishToCompany(companyId, realtimeChannel.companyChanged(companyId), { action: 'update', company: dto }),
  ]);
}
