/**
 * First data of a fresh platform (local runner, demos, e2e): the platform company with its super user,
 * the default published plan, and a demo company with an admin and an operator, three queues (the admin
 * in all, the operator in Atendimento and Vendas), tags and quick messages (seed-workspace.ts).
 * Idempotent: every step is find-or-create (by company name, plan name, user e-mail), and the
 * `P#SEED` marker makes later runs return at once.
 */
import { MS_PER_DAY, type Profile } from '@atende/shared';
import { findCompanyIdByName } from '../../data/companies';
import { findUserIdByEmail } from '../../data/users';
import { isSeeded, markSeeded } from '../../data/seed-marker';
import { createCompany, type NewCompany } from '../companies/companies';
import { createPlan, findPlanByName, type NewPlan } from '../plans/plans';
import { addUser } from '../users/create-user';
import { seedDemoWorkspace } from './seed-workspace';
import { AppError } from '../../platform/app-error';

export interface SeedPasswords {
  superPassword: string;
  adminPassword: string;
  operatorPassword: string;
}
export interface SeedLogin {
  role: string;
  email: string;
  companyName: string;
}
export interface SeedResult {
  created: boolean;
  logins: SeedLogin[];
}

export const DEFAULT_PLAN: NewPlan = {
  name: 'PLANO PADRÃO',
  users: 10,
  connections: 3,
  queues: 10,
  value: 99.9,
  valueYearly: 999,
  useIntegration: true,
  isActive: true,
  isPublished: true,
};

// A phone (as the companies form types it) and a valid CNPJ (test values), so the super admin can save either company as seeded.
const PLATFORM = { name: 'Plataforma', email: 'super@atende.local', phone: '11 99999-0000', vat: '11444777000161' } as const;
const DEMO = { name: 'Empresa Demo', email: 'admin@demo.local', phone: '11 99999-0001', vat: '11222333000181' } as const;
/**
 * The demo shows every screen a plan can have: the external send API (its docs page and the connection's
 * token) and campaigns are on, where a new company starts with both off until a super user switches them.
 */
const DEMO_SETTINGS = [
  { key: 'useApi', value: 'enabled' },
  { key: 'campaignsEnabled', value: 'enabled' },
];

export const SEED_LOGINS: SeedLogin[] = [
  { role: 'super', email: 'super@atende.local', companyName: PLATFORM.name },
  { role: 'admin', email: 'admin@demo.local', companyName: DEMO.name },
  { role: 'operator', email: 'operador@demo.local', companyName: DEMO.name },
];

export async function seedPlatform(passwords: SeedPasswords): Promise<SeedResult> {
  if (await isSeeded()) return { created: false, logins: SEED_LOGINS };

  const plan = (await findPlanByName(DEFAULT_PLAN.name)) ?? (await createPlan(DEFAULT_PLAN));
  const platformId = await ensureCompany({ ...PLATFORM, planId: plan.id, dueDate: null, isPlatform: true });
  const demoId = await ensureCompany({
    ...DEMO,
    planId: plan.id,
    dueDate: new Date(Date.now() + 30 * MS_PER_DAY).toISOString(),
    status: true,
    settings: DEMO_SETTINGS,
  });
  await ensureUser(platformId, 'Super Admin', SEED_LOGINS[0]!.email, passwords.superPassword, 'admin', true);
  const { queueIds } = await seedDemoWorkspace(demoId);
  await ensureUser(demoId, 'Administrador Demo', SEED_LOGINS[1]!.email, passwords.adminPassword, 'admin', false, queueIds);
  await ensureUser(
    demoId,
    'Operador Demo',
    SEED_LOGINS[2]!.email,
    passwords.operatorPassword,
    'user',
    false,
    queueIds.slice(0, 2),
  );

  const created = await markSeeded({ platformCompanyId: platformId, demoCompanyId: demoId, planId: plan.id });
  return { created, logins: SEED_LOGINS };
}

async function ensureCompany(input: NewCompany): Promise<string> {
  const existing = await findCompanyIdByName(input.name);
  if (existing) return existing;
  try {
    return (await createCompany(input)).id;
  } catch (err) {
    // A concurrent seed created it between our read and write.
    const raced =
      err instanceof AppError && err.code === 'ERR_COMPANY_NAME_ALREADY_EXISTS' && (await findCompanyIdByName(input.name));
    if (raced) return raced;
    throw err;
  }
}

async function ensureUser(
  companyId: string,
  name: string,
  email: string,
  password: string,
  profile: Profile,
  isSuper: boolean,
  queueIds: string[] = [],
): Promise<void> {
  if (await findUserIdByEmail(email)) return;
  try {
    await addUser(companyId, { name, email, password, profile, status: true, super: isSuper, queueIds });
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'ERR_EMAIL_ALREADY_EXISTS')) throw err;
  }
}
