/**
 * Brazilian tax ids (spec part 1 §5 "Sign-up", part 2 §5 "Company form"). Check digits come from
 * `cpf-cnpj-validator` (maintained, knows the blacklists of repeated digits); the spec's own rules —
 * digits only, 11 (CPF) or 14 (CNPJ) — are applied first.
 */
import { cnpj, cpf } from 'cpf-cnpj-validator';

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** CPF (11 digits) or CNPJ (14 digits), masked or not, with valid check digits. */
export function isValidCpfOrCnpj(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length === 11) return cpf.isValid(digits);
  if (digits.length === 14) return cnpj.isValid(digits);
  return false;
}

/** A CNPJ (14 digits) with valid check digits. */
export const isValidCnpj = (value: string): boolean => {
  const digits = onlyDigits(value);
  return digits.length === 14 && cnpj.isValid(digits);
};
