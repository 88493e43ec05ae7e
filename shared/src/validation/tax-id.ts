/**
 * Brazilian tax ids (spec part 1 §5 "Sign-up", part 2 §5 "Company form"). Check digits come from
 * `cpf-cnpj-validator` (maintained, knows the repeated-digit blacklists and the alphanumeric CNPJ of
 * RFB Nota Técnica 49/2024, issued since July 2026 — docs/decisions.md "Alphanumeric CNPJ").
 */
import { cnpj, cpf } from 'cpf-cnpj-validator';

/** Mask removed, letters upper-cased: `12.ABC.345/01DE-35` → `12ABC34501DE35`. */
export const normaliseTaxId = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric), masked or not, with valid check digits. */
export function isValidCpfOrCnpj(value: string): boolean {
  const id = normaliseTaxId(value);
  if (/^\d{11}$/.test(id)) return cpf.isValid(id);
  return isValidCnpj(id);
}

/** A CNPJ with valid check digits. */
export const isValidCnpj = (value: string): boolean => {
  const id = normaliseTaxId(value);
  return /^[0-9A-Z]{12}\d{2}$/.test(id) && cnpj.isValid(id);
};
