import * as z from '../zod';

/** Messages the spec fixes for the user/contact/name fields (part 1 §5, part 2 §5). */
export const MSG = {
  required: 'Obrigatório',
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  invalidEmail: 'Email inválido',
} as const;

export const idSchema = z.string().check(z.minLength(1), z.maxLength(64));

export const nameSchema = z
  .string({ error: MSG.required })
  .check(z.trim(), z.minLength(1, MSG.required), z.minLength(2, MSG.tooShort), z.maxLength(50, MSG.tooLong));

export const emailSchema = z.pipe(
  z.string({ error: MSG.required }).check(z.trim(), z.toLowerCase(), z.minLength(1, MSG.required)),
  z.email(MSG.invalidEmail),
);

export const passwordSchema = z
  .string({ error: MSG.required })
  .check(z.minLength(1, MSG.required), z.minLength(5, MSG.tooShort), z.maxLength(50, MSG.tooLong));

/** Query-string page number: starts at 1 (spec part 1 §9). */
export const pageNumberSchema = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);

/** Opaque cursor for DynamoDB paging; the client sends back what the server gave. */
export const cursorSchema = z.optional(z.string().check(z.maxLength(2048)));

export const searchParamSchema = z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), '');
