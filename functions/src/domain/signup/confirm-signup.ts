/**
 * `POST /auth/validateTokenSignup` (spec part 1 §4 "Lead (sign-up)"): a valid token of a waiting
 * lead (status 0) creates the company — due date 3 days after activation, recurrence MENSAL,
 * feature toggles off (spec part 1 §9) — its first invoice on the due index and its admin, then
 * marks the lead 1. Status 1 answers "already active", −1 "banned"; an expired token offers a new
 * link (`POST /auth/tokenSignup`).
 *
 * Activation is a resumable sequence: the first attempt records on the lead what it will create (the
 * company and admin ids, the due date), and each step is recorded when it finishes, so a retry after a
 * crash anywhere (or a double click) finishes exactly the same activation: one company, with its
 * settings, its first invoice scheduled once (written in one transaction with its step) and its admin.
 */
import { ulid } from '@atende/shared/ids';
import { MS_PER_DAY } from '@atende/shared';
import { getCompany } from '../../data/companies';
import {
  claimLeadActivation,
  completeActivationStep,
  findLeadIdByEmail,
  findSignupToken,
  getLead,
  setLeadStatus,
  type Lead,
  type LeadActivation,
} from '../../data/leads';
import { getUser } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { nextInvoiceWrite } from '../billing/invoice-job';
import { createCompany, putInitialSettings } from '../companies/companies';
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
  const activation = lead.activation ?? (await claimLeadActivation(lead.id, await activationChoice(lead)));
  const { done } = activation;
  if (!done.company) {
    await ensureCompany(lead, activation);
    await completeActivationStep(lead.id, 'company');
  }
  if (!done.invoice)
    await completeActivationStep(lead.id, 'invoice', [nextInvoiceWrite(activation.companyId, activation.dueDate)]);
  if (!done.admin) {
    await ensureAdmin(lead, activation);
    await completeActivationStep(lead.id, 'admin');
  }
  await setLeadStatus(lead.id, 1);
}

/** What this activation creates. A lead claimed before activations were recorded keeps its company. */
async function activationChoice(lead: Lead): Promise<Omit<LeadActivation, 'done'>> {
  const earlier = lead.companyId ? await getCompany(lead.companyId) : undefined;
  return {
    companyId: lead.companyId ?? ulid(),
    adminUserId: ulid(),
    dueDate: earlier?.dueDate ?? new Date(Date.now() + SIGNUP_TRIAL_DAYS * MS_PER_DAY).toISOString(),
  };
}

const SIGNUP_SETTINGS = ['campaignsEnabled', 'useApi', 'useFacebook', 'useInstagram'].map((key) => ({
  key,
  value: 'false',
}));

async function ensureCompany(lead: Lead, activation: LeadActivation): Promise<void> {
  const { companyId, dueDate } = activation;
  if (!(await getCompany(companyId))) {
    try {
      await createCompany({
        id: companyId,
        name: lead.name,
        email: lead.email,
        // what the sign-up form asked for, so the super admin sees (and can save) the company as entered
        vat: lead.vat,
        phone: lead.phone,
        planId: lead.planId,
        dueDate,
        trialExpiration: dueDate,
        status: true,
        recurrence: 'MENSAL',
        settings: SIGNUP_SETTINGS,
      });
      return;
    } catch (err) {
      if (!(await getCompany(companyId))) throw err; // a concurrent activation created it: finish it below
    }
  }
  // The company exists but its creation may have stopped before its settings.
  await putInitialSettings(companyId, SIGNUP_SETTINGS);
}

/**
 * The admin has the id the activation chose, so a retry finds it (whatever happened to the e-mail
 * since). An e-mail taken by someone else since the sign-up is an error, never an activation without admin.
 */
async function ensureAdmin(lead: Lead, { companyId, adminUserId }: LeadActivation): Promise<void> {
  if (await getUser(companyId, adminUserId)) return;
  try {
    await addUser(companyId, {
      id: adminUserId,
      name: lead.namePersonal,
      email: lead.email,
      passwordHash: lead.passwordHash,
      profile: 'admin',
      status: true,
      super: false,
      queueIds: [],
    });
  } catch (err) {
    if (!(await getUser(companyId, adminUserId))) throw err; // a concurrent activation created it: done
  }
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
