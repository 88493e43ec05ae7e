import { describe, expect, it } from 'vitest';
import * as z from '../src/zod';
import { companySchema, dueDateTone, isValidCpfOrCnpj, planSchema, signupSchema, taxIdSchema } from '../src';

const fieldMessage = (schema: z.core.$ZodType, input: unknown, field: string) => {
  const r = z.safeParse(schema, input);
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
};

describe('CPF/CNPJ (spec part 2 §5 "Company form")', () => {
  it('accepts valid CPF and CNPJ, masked or not, and stores digits only', () => {
    expect(isValidCpfOrCnpj('295.379.955-93')).toBe(true);
    expect(isValidCpfOrCnpj('54.550.752/0001-55')).toBe(true);
    expect(z.parse(taxIdSchema, '54.550.752/0001-55')).toBe('54550752000155');
  });

  it('refuses wrong check digits, repeated digits and wrong lengths with the spec text', () => {
    for (const bad of ['295.379.955-94', '111.111.111-11', '00000000000000', '1234567890', '54.550.752/0001-56']) {
      expect(isValidCpfOrCnpj(bad)).toBe(false);
      expect(z.safeParse(taxIdSchema, bad).error?.issues[0]?.message).toBe('validation.saas.invalidTaxId');
    }
  });
});

describe('sign-up (spec part 1 §5)', () => {
  const good = {
    name: 'Loja Azul',
    vat: '54.550.752/0001-55',
    namePersonal: 'Maria Souza',
    email: 'maria@azul.com.br',
    phone: '11 98888-7777',
    password: 'segredo1',
    planId: 'P1',
    terms: true,
  };

  it('accepts a complete form', () => {
    expect(z.safeParse(signupSchema, good).success).toBe(true);
  });

  it("refuses the word 'teste' in any field", () => {
    expect(fieldMessage(signupSchema, { ...good, name: 'Empresa Teste' }, 'name')).toBe('validation.saas.invalidValue');
    expect(fieldMessage(signupSchema, { ...good, email: 'teste@azul.com.br' }, 'email')).toBe(
      'validation.saas.invalidValue',
    );
  });

  it('checks the CNPJ digits, the e-mail and the terms', () => {
    expect(fieldMessage(signupSchema, { ...good, vat: '54.550.752/0001-56' }, 'vat')).toBe('validation.saas.invalidCnpj');
    expect(fieldMessage(signupSchema, { ...good, email: 'not-an-email' }, 'email')).toBe(
      'validation.saas.invalidSignupEmail',
    );
    // The spec's text, not zod's default, when no plan was chosen.
    expect(fieldMessage(signupSchema, { ...good, planId: '' }, 'planId')).toBe('validation.saas.choosePlan');
    expect(z.safeParse(signupSchema, { ...good, terms: false }).success).toBe(false);
  });
});

describe('plans and companies', () => {
  it('upper-cases the plan name and accepts a comma as decimal separator', () => {
    const plan = z.parse(planSchema, {
      name: 'básico',
      users: 3,
      connections: 1,
      queues: 2,
      value: '99,90',
      valueYearly: '999,9',
    });
    expect(plan).toMatchObject({ name: 'BÁSICO', value: 99.9, valueYearly: 999.9, isPublished: true });
  });

  it('refuses campaign counts below 1 and an unknown time zone', () => {
    const company = { name: 'Azul', email: 'a@azul.com', phone: '11988887777', vat: '29537995593', planId: 'P1' };
    expect(z.safeParse(companySchema, company).success).toBe(true);
    const campaigns = {
      limitOfCampaignBy: 'day',
      numberOfCampaigns: 0,
      numberOfGroupsCampaigns: 1,
      numberOfContactsInGroupsCampaigns: 1,
      valueOfResourceCampaigns: '39,99',
    };
    expect(z.safeParse(companySchema, { ...company, campaigns }).error?.issues[0]?.message).toBe(
      'validation.saas.campaignCount',
    );
    expect(z.safeParse(companySchema, { ...company, timeZone: 'Mars/Olympus' }).success).toBe(false);
  });

  it('colours due dates as the companies table does', () => {
    expect([5, 4, 0, -3, -4, 10, null].map(dueDateTone)).toEqual([
      'yellow',
      'orange',
      'orange',
      'orange',
      'red',
      null,
      null,
    ]);
  });
});

describe('alphanumeric CNPJ (RFB NT 49/2024, issued since July 2026)', () => {
  it('accepts it in sign-up and company forms, stored upper-cased without the mask', () => {
    expect(isValidCpfOrCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(z.parse(taxIdSchema, '12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(isValidCpfOrCnpj('12.ABC.345/01DE-36')).toBe(false);
  });
});
