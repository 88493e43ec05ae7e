/**
 * `POST /auth/validateTokenSignup` (spec part 1 §4 "Lead (sign-up)"): a valid token of a waiting
 * lead (status 0) creates the company — due date 3 days after activation, recurrence MENSAL,
 * feature toggles off (spec part 1 §9) — and its admin, then marks the lead 1. Status 1 answers
 * "already active", −1 "banned"; an expired token offers a new link (`POST /auth/tokenSignup`).
 * Each step is idempotent (the company id is claimed on the lead first), so a crash or a double
 * click finishes the same activation instead of creating two companies.
 */
import { ulid } from '@atende/shared/ids';
import { MS_PER_DAY } from '@atende/shared';
import { getCompany } from '../../data/companies';
import { claimLeadCompanyId, findLeadIdByEmail, findSignupToken, getLead, setLeadStatus, type Lead } from '../../data/leads';
import { findUserIdByEmail } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { scheduleNextInvoice } from '../billing/invoice-job';
import { createCompany } from '../companies/companies';
import { addUser } from '../users/create-user';
import { sendSignupConfirmation } from './signup-token';

export const SIGNUP_TRIAL_DAYS = 3;
export type SignupTokenCode = 'activated' | 'already_active' | 'banned' | 'expired' | 'invalid';

export async function validateSignupToken(
  token: string,
): Promise<{ isValid: boolean; code: SignupTokenCode; email?: string }> {
  const found = await findSignupToken(token);
  const lead = found && (await getLead(found.leadId));
  if (!found || !lead) return { isValid: false, code: 'invalid' };
  if (lead.status === -1) return { isValid: false, code: 'banned' };
  if (lead.status === 1) return { isValid: false, code: 'already_active', email: lead.email };
  if (Date.parse(found.validUntil) < Date.now()) return { isValid: false, code: 'expired', email: lead.email };
  await activateLead(lead);
  return { isValid: true, code: 'activated', email: lead.email };
}

async function activateLead(lead: Lead): Promise<void> {
  const companyId = await claimLeadCompanyId(lead.id, ulid());
  if (!(await getCompany(companyId))) {
    const dueDate = new Date(Date.now() + SIGNUP_TRIAL_DAYS * MS_PER_DAY).toISOString();
    await createCompany({
      id: companyId,
      name: lead.name,
      email: lead.email,
      planId: lead.planId,
      dueDate,
      trialExpiration: dueDate,
      status: true,
      recurrence: 'MENSAL',
      settings: ['campaignsEnabled', 'useApi', 'useFacebook', 'useInstagram'].map((key) => ({ key, value: 'false' })),
    }).catch(async (err) => {
      if (!(await getCompany(companyId))) throw err; // a concurrent activation created it: carry on
    });
    await scheduleNextInvoice(companyId, dueDate);
  }
  if (!(await findUserIdByEmail(lead.email))) {
    await addUser(companyId, {
      name: lead.namePersonal,
      email: lead.email,
      passwordHash: lead.passwordHash,
      profile: 'admin',
      status: true,
      super: false,
      queueIds: [],
    }).catch(async (err) => {
      if (!(await findUserIdByEmail(lead.email))) throw err;
    });
  }
  await setLeadStatus(lead.id, 1);
}

/** `POST /auth/tokenSignup`: a new link for a waiting sign-up. Always answers the same (no e-mail oracle). */
export async function resendSignupToken(email: string): Promise<void> {
  const leadId = await findLeadIdByEmail(email);
  const lead = leadId ? await getLead(leadId) : undefined;
  if (lead?.status === 0) await sendSignupConfirmation(lead);
}

export function assertLocalOutbox(): void {
  if (process.env.LOCAL_MODE !== 'true') throw new AppError('ERR_NOT_FOUND', 404);
}
