import type { SignupInput } from '@atende/shared';

export interface SignupFormValues {
  name: string;
  vat: string;
  namePersonal: string;
  email: string;
  phone: string;
  password: string;
  planId: string;
  terms: boolean;
}

export const emptySignup: SignupFormValues = {
  name: '',
  vat: '',
  namePersonal: '',
  email: '',
  phone: '',
  password: '',
  planId: '',
  terms: false,
};

const PREFILL_FIELDS = ['name', 'vat', 'namePersonal', 'email', 'phone', 'planId'] as const;

/**
 * `register=front-web-page` (spec part 1 §2): a landing page sends its visitor here with the fields it
 * collected as query parameters; they prefill the form. A password never travels in a URL, so the
 * visitor types it and accepts the terms here.
 */
export function prefillFromQuery(params: URLSearchParams): Partial<SignupFormValues> {
  if (params.get('register') !== 'front-web-page') return {};
  const values: Partial<SignupFormValues> = {};
  for (const field of PREFILL_FIELDS) {
    const value = params.get(field) ?? (field === 'planId' ? params.get('plan') : null);
    if (value) values[field] = value.slice(0, 100);
  }
  return values;
}

export const toSignupPayload = (values: SignupFormValues): SignupInput => ({ ...values, terms: true });
