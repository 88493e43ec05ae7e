/**
 * Input masks shared by the sign-up, the Companies tab and the checkout (spec part 1 §5, part 2 §5).
 *
 * A mask is applied to what the input holds after each edit (typing, paste, deletion), from the
 * input's own value and caret only: no state is carried between keystrokes, so keys typed faster
 * than the page renders, or a paste over a selection, are never lost (issue 30 item 9; the former
 * library tracked the caret with a timer and dropped a key that came before the timer ran).
 * Letters are accepted in CNPJ positions: the Receita Federal issues alphanumeric CNPJs since July
 * 2026 (decisions.md "SaaS platform").
 */
export interface Mask {
  /** '_' is a slot for one accepted character; any other character is written by the mask. */
  pattern: string | ((significant: string) => string);
  /** One accepted character. */
  accept: RegExp;
  /** How an accepted character is stored (e.g. upper case). */
  transform?: (char: string) => string;
}

export const PHONE_MASK: Mask = { pattern: '__ _____-____', accept: /\d/ };

const CPF = '___.___.___-__';
const CNPJ = '__.___.___/____-__';
const TAX_ID_CHAR = /[0-9A-Za-z]/;
const upper = (char: string) => char.toUpperCase();

/** Only CNPJ (the sign-up asks for the company's CNPJ). */
export const CNPJ_MASK: Mask = { pattern: CNPJ, accept: TAX_ID_CHAR, transform: upper };

/** CPF while at most 11 characters are typed, CNPJ beyond (the mask grows as one types). */
export const TAX_ID_MASK: Mask = {
  pattern: (significant) => (significant.length <= 11 ? CPF : CNPJ),
  accept: TAX_ID_CHAR,
  transform: upper,
};

/** Brazilian ZIP code (checkout). */
export const ZIP_MASK: Mask = { pattern: '_____-___', accept: /\d/ };

/** A time of day, HH:MM (business hours, spec part 2 §5). */
export const HOURS_MASK: Mask = { pattern: '__:__', accept: /\d/ };

export interface Masked {
  value: string;
  /** Where the caret goes: after the same accepted character it followed in the raw value. */
  caret: number;
}

/** The masked form of `raw`, and where a caret at `caret` in `raw` lands in it. */
export function applyMask(mask: Mask, raw: string, caret = raw.length): Masked {
  let all = '';
  let before = 0;
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!;
    if (!mask.accept.test(char)) continue;
    all += mask.transform ? mask.transform(char) : char;
    if (i < caret) before++;
  }
  const pattern = typeof mask.pattern === 'string' ? mask.pattern : mask.pattern(all);
  let value = '';
  let placed = 0;
  let at = 0;
  for (const slot of pattern) {
    if (placed >= all.length) break;
    if (slot !== '_') {
      value += slot;
      continue;
    }
    value += all[placed++];
    // Right after the character, not after the mask's characters that follow it: a backspace there
    // then deletes the character before them instead of leaving the caret stuck behind them.
    if (placed <= before) at = value.length;
  }
  return { value, caret: at };
}

/** A stored value (no mask) as the form shows it. */
export const formatMasked = (mask: Mask, value: string | null | undefined): string => applyMask(mask, value ?? '').value;

/** A stored CPF/CNPJ (no mask) as the Companies form shows it, CPF or CNPJ by length. */
export const formatTaxId = (value: string): string => formatMasked(TAX_ID_MASK, value);

/**
 * Masks an input in place after an edit, keeping the caret after the character it followed. Called
 * from the input's change handler, before the form reads `event.target.value`.
 */
export function maskInputElement(input: HTMLInputElement, mask: Mask): void {
  const { value, caret } = applyMask(mask, input.value, input.selectionStart ?? input.value.length);
  if (input.value !== value) input.value = value;
  if (input.ownerDocument.activeElement === input && input.selectionStart !== caret) input.setSelectionRange(caret, caret);
}
