import type { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** libphonenumber's parser, passed in: its metadata is ~28 KB gzip, which a first load can do without. */
export type PhoneParser = typeof parsePhoneNumberFromString;

/**
 * A stored number (digits with the country code, as WhatsApp has it: `5511988887777`) as people read
 * it (spec part 1 §9 "contact phone display mask covers many country codes, Brazil the main one"):
 * Brazil as `+55 (11) 98888-7777`, every other country in its international format
 * (`+351 912 345 678`). What is not a phone number (a group's id, a number without its country code
 * that no country claims) is shown as it is, and so is everything while `parse` has not loaded yet.
 * Display only: forms and the API keep the digits.
 */
export function formatPhoneWith(parse: PhoneParser | undefined, value: string | null | undefined): string {
  const raw = (value ?? '').trim();
  if (!parse || !/^\+?[\d\s().-]+$/.test(raw)) return raw;
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) return raw;
  const phone = parse(`+${digits}`);
  if (!phone?.isValid()) return raw;
  if (phone.countryCallingCode !== BRAZIL) return phone.formatInternational();
  const national = phone.formatNational();
  return `+${BRAZIL} ${/\D/.test(national) ? national : brazilianGroups(phone.nationalNumber)}`;
}

const BRAZIL = '55';

/** Area code and number for what the metadata leaves ungrouped (a mobile stored without its ninth digit). */
function brazilianGroups(national: string): string {
  const [area, line] = [national.slice(0, 2), national.slice(2)];
  return `(${area}) ${line.slice(0, -4)}-${line.slice(-4)}`;
}
