/**
 * The e-mail field's rule, apart from the other common schemas: zod's e-mail format is the heaviest of
 * them, and most Lambdas validate no e-mail (docs/decisions.md "Lambda bundle budget, round 15").
 */
import * as z from '../zod';
import { MSG } from './common';

/** RFC 5321/1035 limits zod's e-mail pattern does not check: 254 characters, 63 per domain label. */
const EMAIL_MAX_LENGTH = 254;
const DOMAIN_LABEL_MAX_LENGTH = 63;
const withinEmailLimits = (email: string): boolean =>
  email.length <= EMAIL_MAX_LENGTH &&
  (email.split('@')[1] ?? '').split('.').every((label) => label.length <= DOMAIN_LABEL_MAX_LENGTH);

export const emailSchema = z.pipe(
  z.string({ error: MSG.required }).check(z.trim(), z.toLowerCase(), z.minLength(1, MSG.required)),
  z.email(MSG.invalidEmail).check(z.refine(withinEmailLimits, MSG.invalidEmail)),
);
