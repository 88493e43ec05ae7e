import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatPhoneWith } from './phone-format';

/**
 * A stored number as people read it (the mask is lib/phone-format.ts). This module carries
 * libphonenumber's metadata; a screen of the first load formats through hooks/use-format-phone.ts,
 * which fetches it after the first paint.
 */
export const formatPhone = (value: string | null | undefined): string => formatPhoneWith(parsePhoneNumberFromString, value);
