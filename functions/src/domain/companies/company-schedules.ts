/**
 * Settings → Hours (spec part 2 §2, §3 "Schedule entry", §7 `PUT /companies/{id}/schedules`): the
 * company's business hours, which the bot applies with scheduleType 'company', read in the company's
 * time zone (ARCHITECTURE.md), which admins edit beside them. An admin changes only their own
 * company; super users any.
 */
import {
  DEFAULT_COMPANY_SCHEDULES,
  DEFAULT_TIME_ZONE,
  mayEditCompanyHours,
  type CompanySchedulesDto,
  type Viewer,
  type CompanySchedulesInput,
} from '@atende/shared';
import { setCompanySchedules, type Company } from '../../data/companies';
import { AppError } from '../../platform/app-error';

export const companySchedulesOf = (company: Pick<Company, 'id' | 'schedules' | 'timeZone'>): CompanySchedulesDto => ({
  id: company.id,
  schedules: company.schedules ?? DEFAULT_COMPANY_SCHEDULES.map((e) => ({ ...e })),
  timeZone: company.timeZone ?? DEFAULT_TIME_ZONE,
});

export async function saveCompanySchedules(
  viewer: Pick<Viewer, 'companyId' | 'super' | 'profile'>,
  companyId: string,
  input: CompanySchedulesInput,
): Promise<CompanySchedulesDto> {
  // Another company's id answers like a missing one: nothing tells an admin it exists.
  if (!mayEditCompanyHours(viewer, companyId)) throw new AppError('ERR_NOT_FOUND', 404);
  if (input.id !== undefined && input.id !== companyId) {
    throw new AppError('ERR_VALIDATION', 400, { fields: { id: 'validation.invalid' } });
  }
  const company = await setCompanySchedules(companyId, input.schedules, input.timeZone);
  if (!company) throw new AppError('ERR_NOT_FOUND', 404);
  return companySchedulesOf(company);
}
