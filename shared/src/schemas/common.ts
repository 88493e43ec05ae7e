import * as z from '../zod';

/**
 * Message KEYS (not texts) of the rules the spec words for the user/contact/name fields (part 1 §5,
 * part 2 §5). Schemas put them in zod issues; the API returns them in `fields`; the console translates
 * them with i18next (`validation.*` in web/src/locales: pt-BR holds the spec's texts verbatim). A key
 * never changes meaning: add a new one rather than reword an old one.
 */
export const MSG = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
} as const;
export type MessageKey = (typeof MSG)[keyof typeof MSG];

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const nameSchema = z
  .string({ error: MSG.required })
  .check(z.trim(), z.minLength(1, MSG.required), z.minLength(2, MSG.tooShort), z.maxLength(50, MSG.tooLong));

/** A password of spaces only counts as empty (issue 8 item 16); inner and edge spaces are kept. */
export const passwordSchema = z.string({ error: MSG.required }).check(
  z.minLength(1, MSG.required),
  z.refine((value: string) => value.trim().length > 0, MSG.required),
  z.minLength(5, MSG.tooShort),
  z.maxLength(50, MSG.tooLong),
);

/** Query-string page number: starts at 1 (spec part 1 §9). */
export const pageNumberSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);

/** Opaque cursor for DynamoDB paging; the client sends back what the server gave. */
export const cursorSchema = z.optional(z.string().check(z.maxLength(2048)));

export const searchParamSchema = z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), '');
