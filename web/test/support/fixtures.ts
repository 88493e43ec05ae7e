import type { CompanyDto, PlanDto, SessionUserDto } from '@atende/shared';

export function company(overrides: Partial<CompanyDto> = {}): CompanyDto {
  return {
    id: 'c1',
    name: 'Padaria Central',
    email: 'contato@padaria.test',
    status: true,
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    planId: 'p1',
    plan: { id: 'p1', name: 'PLANO PADRÃO', users: 10, connections: 3, queues: 10, useIntegration: false },
    settings: [],
    ...overrides,
  };
}

export function sessionUser(overrides: Partial<SessionUserDto> = {}): SessionUserDto {
  return {
    id: 'u1',
    name: 'Ana Admin',
    email: 'ana@padaria.test',
    profile: 'admin',
    status: true,
    super: false,
    companyId: 'c1',
    queues: [],
    drawerMenuOpen: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    company: company(),
    ...overrides,
  };
}

/** A super user, who belongs to the platform company ('plat'), not to a client company. */
export const platformSuperUser = (): SessionUserDto =>
  sessionUser({ super: true, companyId: 'plat', company: company({ id: 'plat', name: 'Plataforma' }) });

/** The seeded default plan as the plans API answers it. */
export function plan(overrides: Partial<PlanDto> = {}): PlanDto {
  return {
    id: 'p1',
    name: 'PLANO PADRÃO',
    users: 10,
    connections: 3,
    queues: 10,
    value: 99.9,
    valueYearly: 999,
    useIntegration: false,
    isActive: true,
    isPublished: true,
    ...overrides,
  };
}
