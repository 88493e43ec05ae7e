import { describe, expect, it } from 'vitest';
import type { AdminCompanyDto } from '@atende/shared';
import { companyFormValues } from '@/features/settings/lib/company-form';

const stored = (fields: Partial<AdminCompanyDto>) => ({ name: 'Loja Azul', planId: 'p1', ...fields }) as AdminCompanyDto;

describe('the companies form opened on a stored company', () => {
  it('shows a phone stored in another layout (sign-up accepts several) in the form’s own mask', () => {
    expect(companyFormValues(stored({ phone: '(11) 98888-7777' })).phone).toBe('11 98888-7777');
    expect(companyFormValues(stored({ phone: '11988887777' })).phone).toBe('11 98888-7777');
    expect(companyFormValues(stored({ phone: '11 98888-7777' })).phone).toBe('11 98888-7777');
  });

  it('shows the unmasked CNPJ masked, and empty fields empty', () => {
    expect(companyFormValues(stored({ vat: '11222333000181' })).vat).toBe('11.222.333/0001-81');
    expect(companyFormValues(null)).toMatchObject({ phone: '', vat: '' });
  });
});
