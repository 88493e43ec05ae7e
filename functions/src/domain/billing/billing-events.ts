/**
 * Live billing events (spec part 2 §7 "Live events per company"): `company-{id}-payment` with action
 * CONCLUIDA (the checkout shows its thank-you or renewal toast and goes to / after 4 s) and
 * `company-{id}-changed` (the company guard re-judges the due date everywhere).
 */
import { publish } from '../../platform/realtime-publisher';
import { loadCompanyDto as companyDto } from '../companies/companies';

/** Due date, status or plan changed: every console of the company re-judges it (company guard). */
export async function publishCompanyChanged(companyId: string): Promise<void> {
  const dto = await companyDto(companyId);
  if (dto) await publish(companyId, 'companyChanged', { action: 'update', company: dto }, { kind: 'company' });
}

export async function publishPaymentConcluded(companyId: string, newDueDate: string): Promise<void> {
  const dto = await companyDto(companyId);
  if (!dto) return;
  await Promise.all([
    publish(companyId, 'payment', { action: 'CONCLUIDA', company: dto, dueDate: newDueDate }, { kind: 'company' }),
    publish(companyId, 'companyChanged', { action: 'update', company: dto }, { kind: 'company' }),
  ]);
}
