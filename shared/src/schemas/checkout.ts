import * as z from '../zod';
import { idSchema } from './common';
import { SAAS_MSG } from './saas-messages';

const required = (message: string, max = 120) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max));

/** Checkout step 1 (spec part 2 §5), then the plan and the invoice being paid. */
export const checkoutSchema = z.object({
  firstName: required(SAAS_MSG.fullNameRequired),
  lastName: z._default(z.string().check(z.trim(), z.maxLength(120)), ''),
  address2: required(SAAS_MSG.addressRequired, 200),
  city: required(SAAS_MSG.cityRequired),
  state: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
  zipcode: z
    .string({ error: SAAS_MSG.zipRequired })
    .check(z.trim(), z.minLength(1, SAAS_MSG.zipRequired), z.regex(/^\d{5}-?\d{3}$/, SAAS_MSG.zipInvalid)),
  country: z.enum(['BR', 'usa'], { error: SAAS_MSG.countryRequired }),
  planId: idSchema,
  recurrence: z._default(z.enum(['MENSAL', 'ANUAL']), 'MENSAL'),
  invoiceId: idSchema,
});
export type CheckoutInput = z.output<typeof checkoutSchema>;
