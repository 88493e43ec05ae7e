import * as z from '../zod';
import { isValidCnpj } from '../validation/tax-id';
import { SAAS_MSG } from './saas-messages';

/** No sign-up field may contain the word 'teste' (spec part 1 §5 "Sign-up"). */
const noTeste = z.refine<string>((v) => !/teste/i.test(v), SAAS_MSG.invalidValue);
const text = (min: number, max: number) =>
  z
    .string({ error: SAAS_MSG.required })
    .check(
      z.trim(),
      z.minLength(1, SAAS_MSG.required),
      z.minLength(min, SAAS_MSG.tooShort),
      z.maxLength(max, SAAS_MSG.tooLong),
      noTeste,
    );

/** Phone as typed, pattern 99 99999-9999, 7 to 13 characters once the mask is removed. */
const PHONE_PATTERN = /^\(?\d{2}\)?\s?\d{4,5}-?\d{4}$/;

export const signupSchema = z.object({
  name: text(2, 50),
  vat: z
    .string({ error: SAAS_MSG.required })
    .check(
      z.trim(),
      z.minLength(13, SAAS_MSG.invalidCnpj),
      z.maxLength(19, SAAS_MSG.invalidCnpj),
      noTeste,
      z.refine(isValidCnpj, SAAS_MSG.invalidCnpj),
    ),
  namePersonal: text(6, 50),
  email: z
    .string({ error: SAAS_MSG.required })
    .check(z.trim(), z.toLowerCase(), z.minLength(1, SAAS_MSG.required), z.email(SAAS_MSG.invalidSignupEmail), noTeste),
  phone: z.string({ error: SAAS_MSG.required }).check(
    z.trim(),
    z.regex(PHONE_PATTERN, SAAS_MSG.invalidValue),
    z.refine((v) => {
      const n = v.replace(/\D/g, '').length;
      return n >= 7 && n <= 13;
    }, SAAS_MSG.invalidValue),
    noTeste,
  ),
  password: text(5, 50),
  // Not idSchema: its own minLength(1) would answer first, with zod's default text instead of the spec's.
  planId: z.string({ error: SAAS_MSG.choosePlan }).check(z.trim(), z.minLength(1, SAAS_MSG.choosePlan), z.maxLength(64)),
  terms: z.literal(true, { error: SAAS_MSG.required }),
});
export type SignupInput = z.output<typeof signupSchema>;
