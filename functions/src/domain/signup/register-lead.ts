/**
 * `POST /leads-web` (spec part 1 §2 "Sign-up", §5): a company asks to exist. Rate limited per IP;
 * the e-mail must not belong to a user or to another waiting sign-up, the name not to a company.
 * The password is hashed now; the company and its admin are created on confirmation.
 */
import { ulid } from '@atende/shared/ids';
import { normaliseTaxId, type SignupInput } from '@atende/shared';
import { findCompanyIdByName } from '../../data/companies';
import { insertLead, type Lead } from '../../data/leads';
import { getPlan } from '../../data/plans';
import { getOpenWindow, recordFailure } from '../../data/rate-limits';
import { TransactionConditionFailed } from '../../data/transactions';
import { findUserIdByEmail } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { hashPassword } from '../credentials/password';
import { sendSignupConfirmation } from './signup-token';

export const SIGNUP_RATE_LIMIT = { perIp: 5, windowSeconds: 60 * 60 } as const;

export async function registerLead(input: SignupInput, ip: string): Promise<{ id: string; email: string }> {
  const window = await getOpenWindow('SIGNUP_IP', ip);
  if (window && window.count >= SIGNUP_RATE_LIMIT.perIp) {
    throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, {
      headers: { 'Retry-After': String(Math.max(1, window.windowEndsAt - Math.floor(Date.now() / 1000))) },
    });
  }
  await recordFailure('SIGNUP_IP', ip, SIGNUP_RATE_LIMIT.windowSeconds);

  const plan = await getPlan(input.planId);
  if (!plan || !plan.isPublished || !plan.isActive)
    throw new AppError('ERR_VALIDATION', 400, { fields: { planId: 'ERR_NO_PLAN' } });
  if (await findUserIdByEmail(input.email)) throw new AppError('ERR_LEAD_EMAIL_ALREADY_EXISTS', 400);
  if (await findCompanyIdByName(input.name)) throw new AppError('ERR_LEAD_NAME_ALREADY_EXISTS', 400);

  const lead: Lead = {
    id: ulid(),
    name: input.name,
    vat: normaliseTaxId(input.vat),
    namePersonal: input.namePersonal,
    email: input.email,
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    planId: plan.id,
    status: 0,
    companyId: null,
    createdAt: new Date().toISOString(),
  };
  try {
    await insertLead(lead);
  } catch (err) {
    if (err instanceof TransactionConditionFailed && err.has('email'))
      throw new AppError('ERR_LEAD_EMAIL_ALREADY_EXISTS', 400);
    throw err;
  }
  await sendSignupConfirmation(lead);
  return { id: lead.id, email: lead.email };
}
