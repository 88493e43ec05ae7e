/**
 * A super user's changes to a company, as the Companies form saves them (`PUT /companies/{id}`: the
 * whole company, its other fields as they were): the campaign switch (company-campaigns.ts) and the
 * channel options such as the external send API (`useApi`).
 */
import type { AdminCompanyDto, CompanyInput } from '@atende/shared';
import type { LocalStack } from '../../infra/local/stack';
import { api, loginToken } from './local-stack';

/** An access token of the local stack's seeded super user. */
export async function superToken(stack: LocalStack): Promise<string> {
  const login = stack.seeded.logins.find((candidate) => candidate.role === 'super');
  if (!login?.password) throw new Error('the local stack has no super user login');
  return loginToken(stack, { email: login.email, password: login.password });
}

/** The company as the super user read it, with `changes` applied over it; answers what was saved. */
export async function updateCompanyAsSuper(
  stack: LocalStack,
  companyId: string,
  changes: (company: AdminCompanyDto) => Partial<CompanyInput>,
): Promise<AdminCompanyDto> {
  const token = await superToken(stack);
  const company = await api<AdminCompanyDto>(stack, token, 'GET', `/companies/${companyId}`);
  return api<AdminCompanyDto>(stack, token, 'PUT', `/companies/${companyId}`, {
    name: company.name,
    email: company.email,
    // The Companies form fills what /signup did not keep, and takes the due date as a day.
    phone: company.phone || '11999998888',
    vat: company.vat || '11222333000181',
    planId: company.planId,
    status: company.status,
    isResale: company.isResale,
    clientOf: company.clientOf,
    recurrence: company.recurrence,
    dueDate: company.dueDate ? company.dueDate.slice(0, 10) : null,
    timeZone: company.timeZone,
    ...changes(company),
  });
}

/** The external send API switched on (spec part 2 §3 "Per-company settings": useApi), as a super user does it. */
export const enableExternalApi = (stack: LocalStack, companyId: string) =>
  updateCompanyAsSuper(stack, companyId, () => ({ useApi: true }));
