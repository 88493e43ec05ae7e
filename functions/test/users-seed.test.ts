import { beforeAll, describe, expect, it } from 'vitest';
import { seedPlatform } from '../src/domain/platform/seed';
import { findPlanByName } from '../src/domain/plans/plans';
import { useFreshTable } from './support/fresh-table';
import { login } from './support/tenancy-fixtures';
import { apiCall } from './support/api-event';

beforeAll(async () => {
  await useFreshTable();
});

const passwords = { superPassword: 'super-123', adminPassword: 'admin-123', operatorPassword: 'operador-123' };

describe('seedPlatform', () => {
  it('creates the platform, the default plan and the demo company once; later runs change nothing', async () => {
    const first = await seedPlatform(passwords);
    const second = await seedPlatform({ superPassword: 'x-12345', adminPassword: 'x-12345', operatorPassword: 'x-12345' });

    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(first.logins.map((l) => `${l.role}:${l.email}:${l.companyName}`)).toEqual([
      'super:super@atende.local:Plataforma',
      'admin:admin@demo.local:Empresa Demo',
      'operator:operador@demo.local:Empresa Demo',
    ]);
    expect(await findPlanByName('PLANO PADRÃO')).toMatchObject({
      users: 10,
      connections: 3,
      queues: 10,
      value: 99.9,
      isPublished: true,
    });
  });

  it('gives working logins with the expected roles', async () => {
    const superLogin = await login('super@atende.local', passwords.superPassword);
    const admin = await login('admin@demo.local', passwords.adminPassword);
    const operator = await login('operador@demo.local', passwords.operatorPassword);

    expect(superLogin.body.user).toMatchObject({ super: true, profile: 'admin', company: { name: 'Plataforma' } });
    expect(superLogin.body.subscription.status).toBe('active');
    expect(admin.body.user).toMatchObject({
      super: false,
      profile: 'admin',
      company: { name: 'Empresa Demo', status: true },
    });
    expect(admin.body.subscription).toMatchObject({ status: 'active', daysLeft: 30 });
    expect(operator.body.user).toMatchObject({ profile: 'user', company: { name: 'Empresa Demo' } });
  });

  it('switches on the demo company’s external API and campaigns, which a new company starts without', async () => {
    const admin = await login('admin@demo.local', passwords.adminPassword);
    const superLogin = await login('super@atende.local', passwords.superPassword);
    const setting = (body: typeof admin.body, key: string) =>
      (body.user.company.settings as { key: string; value: string }[]).find((s) => s.key === key)?.value;

    expect(setting(admin.body, 'useApi')).toBe('enabled');
    expect(setting(admin.body, 'campaignsEnabled')).toBe('enabled');
    expect(setting(superLogin.body, 'useApi')).toBe('false');
    expect(setting(superLogin.body, 'campaignsEnabled')).toBe('false');
  });

  it('the super admin saves either seeded company as it is (a phone and a valid CNPJ are seeded)', async () => {
    const superLogin = await login('super@atende.local', passwords.superPassword);
    const admin = await login('admin@demo.local', passwords.adminPassword);
    const token = superLogin.body.token as string;
    for (const id of [superLogin.body.user.companyId, admin.body.user.companyId] as string[]) {
      const shown = await apiCall('companies', 'GET', '/companies/{id}', { token, pathParameters: { id } });
      expect(shown.status).toBe(200);
      const { name, email, phone, vat, planId, status, recurrence, dueDate } = shown.body;
      const saved = await apiCall('companies', 'PUT', '/companies/{id}', {
        token,
        pathParameters: { id },
        body: {
          name,
          email,
          phone,
          vat,
          planId,
          status,
          recurrence,
          dueDate: dueDate ? String(dueDate).slice(0, 10) : null,
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });
});
