/**
 * Builders for tenants and users in integration tests: each call makes uniquely named data, so tests
 * in one file never see each other's rows. Uses the domain functions, not raw items, so the data
 * carries every invariant (e-mail locks, active counters, default settings).
 */
import { ulid } from 'ulid';
import { MS_PER_DAY, type Profile } from '@atende/shared';
import { createCompany } from '../../src/domain/companies/companies';
import { createPlan, type NewPlan } from '../../src/domain/plans/plans';
import { addUser } from '../../src/domain/users/create-user';
import type { Company } from '../../src/data/companies';
import type { Plan } from '../../src/data/plans';
import type { UserRecord } from '../../src/data/users';
import { signAccessToken } from '../../src/platform/jwt';
import { apiCall } from './api-event';

export const TEST_PASSWORD = 'senha-forte-123';

const unique = () => ulid().toLowerCase().slice(-10);

export async function createTestPlan(overrides: Partial<NewPlan> = {}): Promise<Plan> {
  return createPlan({
    name: `plano ${unique()}`,
    users: 10,
    connections: 3,
    queues: 10,
    value: 99.9,
    valueYearly: 999,
    useIntegration: false,
    isActive: true,
    isPublished: true,
    ...overrides,
  });
}

export interface TestCompanyOptions {
  name?: string;
  /** Days until the due date (negative = overdue); null = no due date. Default 30. */
  dueInDays?: number | null;
  status?: boolean;
  isPlatform?: boolean;
  planUsers?: number;
  /** Other plan counts (queues, connections…). */
  planLimits?: Partial<NewPlan>;
  settings?: { key: string; value: string }[];
}

export async function createTestCompany(options: TestCompanyOptions = {}): Promise<{ company: Company; plan: Plan }> {
  const plan = await createTestPlan({ users: options.planUsers ?? 10, ...options.planLimits });
  const dueInDays = options.dueInDays === undefined ? 30 : options.dueInDays;
  const company = await createCompany({
    name: options.name ?? `Empresa ${unique()}`,
    email: `empresa-${unique()}@test.local`,
    planId: plan.id,
    dueDate: dueInDays === null ? null : new Date(Date.now() + dueInDays * MS_PER_DAY).toISOString(),
    status: options.status ?? true,
    isPlatform: options.isPlatform ?? false,
    settings: options.settings,
  });
  return { company, plan };
}

export interface TestUserOptions {
  name?: string;
  email?: string;
  password?: string;
  profile?: Profile;
  super?: boolean;
  status?: boolean;
  queueIds?: string[];
}

export interface TestUser {
  user: UserRecord;
  password: string;
  token: string;
}

export async function createTestUser(companyId: string, options: TestUserOptions = {}): Promise<TestUser> {
  const password = options.password ?? TEST_PASSWORD;
  const user = await addUser(companyId, {
    name: options.name ?? `Usuário ${unique()}`,
    email: options.email ?? `user-${unique()}@test.local`,
    password,
    profile: options.profile ?? 'user',
    status: options.status ?? true,
    super: options.super ?? false,
    queueIds: options.queueIds ?? [],
  });
  return { user, password, token: await tokenFor(user) };
}

/** A valid access token for the user, without going through login. */
export function tokenFor(
  user: Pick<UserRecord, 'id' | 'companyId' | 'profile' | 'super'>,
  ttlSeconds?: number,
): Promise<string> {
  return signAccessToken(
    { userId: user.id, companyId: user.companyId, profile: user.profile, super: user.super },
    ttlSeconds,
  );
}

/** A company with an admin and an operator, the usual cast of a tenancy test. */
export async function createTestTenant(options: TestCompanyOptions = {}) {
  const { company, plan } = await createTestCompany(options);
  const admin = await createTestUser(company.id, { profile: 'admin', name: 'Admin Teste' });
  const operator = await createTestUser(company.id, { profile: 'user', name: 'Operador Teste' });
  return { company, plan, admin, operator };
}

export function login(email: string, password: string, ip = '10.0.0.1') {
  return apiCall('auth', 'POST', '/auth/login', { body: { email, password }, ip });
}
