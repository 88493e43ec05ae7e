import * as z from 'zod';

/** Messages the spec fixes for the user/contact/name fields (part 1 §5, part 2 §5). */
export const MSG = {
  required: 'Obrigatório',
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  invalidEmail: 'Email inválido',
} as const;

export const idSchema = z.string().min(1).max(64);

export const nameSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .min(2, MSG.tooShort)
  .max(50, MSG.tooLong);

export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .toLowerCase()
  .min(1, MSG.required)
  .pipe(z.email(MSG.invalidEmail));

export const passwordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(5, MSG.tooShort)
  .max(50, MSG.tooLong);

/** Query-string page number: starts at 1 (spec part 1 §9). */
export const pageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** Opaque cursor for DynamoDB paging; the client sends back what the server gave. */
export const cursorSchema = z.string().max(2048).optional();

export const searchParamSchema = z.string().trim().max(100).optional().default('');
