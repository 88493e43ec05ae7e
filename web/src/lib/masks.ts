import { format, type MaskOptions } from '@react-input/mask';

/**
 * Input masks shared by the sign-up and the Companies tab (spec part 1 §5, part 2 §5), for
 * `@react-input/mask`. Letters are accepted in CNPJ positions: the Receita Federal issues
 * alphanumeric CNPJs since July 2026 (decisions.md "SaaS platform").
 */
export const PHONE_MASK: MaskOptions = { mask: '__ _____-____', replacement: { _: /\d/ } };

const CPF = '___.___.___-__';
const CNPJ = '__.___.___/____-__';
const TAX_ID_CHAR = /[0-9A-Za-z]/;

/** CPF while at most 11 characters were typed, CNPJ beyond (the mask grows as one types). */
export const TAX_ID_MASK: MaskOptions = {
  mask: CNPJ,
  replacement: { _: TAX_ID_CHAR },
  modify: ({ value, data, selectionStart, selectionEnd }) => {
    const typed = (value.slice(0, selectionStart) + (data ?? '') + value.slice(selectionEnd)).replace(/[^0-9A-Za-z]/g, '');
    return { mask: typed.length <= 11 ? CPF : CNPJ };
  },
  track: ({ data }) => (data ? data.toUpperCase() : data),
};

/** Only CNPJ (the sign-up asks for the company's CNPJ). */
export const CNPJ_MASK: MaskOptions = {
  mask: CNPJ,
  replacement: { _: TAX_ID_CHAR },
  track: ({ data }) => (data ? data.toUpperCase() : data),
};

/** Brazilian ZIP code (checkout). */
export const ZIP_MASK: MaskOptions = { mask: '_____-___', replacement: { _: /\d/ } };

/** A stored CPF/CNPJ (no mask) as the Companies form shows it: the mask's own formatting, CPF or CNPJ by length. */
export function formatTaxId(value: string): string {
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (!raw) return '';
  return format(raw, { mask: raw.length <= 11 ? CPF : CNPJ, replacement: { _: TAX_ID_CHAR } });
}

/** The CPF/CNPJ mask starting from a shown value: a CPF must start on the CPF mask (it refuses it otherwise). */
export function taxIdMaskFor(shown: string): MaskOptions {
  const raw = shown.replace(/[^0-9A-Za-z]/g, '');
  return raw && raw.length <= 11 ? { ...TAX_ID_MASK, mask: CPF } : TAX_ID_MASK;
}
