/**
 * Contacts (spec part 1 §3 "Contact", §5 "Contact form and contact drawer", §7 "Contacts and schedules").
 * The console's contact modal/drawer and the API share these schemas.
 */
import * as z from '../zod';
import { cursorSchema, emailSchema, idSchema, MSG, nameSchema, pageNumberSchema, searchParamSchema } from './common';

/** Message keys (`validation.contact.*`) for contacts: the spec's rules plus the answers of rules it implies. */
export const CONTACT_MSG = {
  numberTooShort: MSG.tooShort,
  numberTooLong: MSG.tooLong,
  // Not in the spec: 400 when a non-admin changes the lid (spec §6 says only admins edit it).
  lidAdminOnly: 'validation.contact.lidAdminOnly',
  duplicated: 'validation.contact.duplicated',
} as const;

export const extraInfoSchema = z
  .array(
    z.object({
      name: z.string().check(z.trim(), z.minLength(1, MSG.required), z.maxLength(100)),
      value: z.string().check(z.trim(), z.maxLength(1000)),
    }),
  )
  .check(z.maxLength(50));

/** Number as typed (8 to 50 characters); the server keeps digits only (groups: digits and '-'). */
export const contactNumberSchema = z
  .string({ error: MSG.required })
  .check(z.trim(), z.minLength(1, MSG.required), z.minLength(8, MSG.tooShort), z.maxLength(50, MSG.tooLong));

/** Empty e-mail allowed; otherwise it must be valid ('Email inválido'). */
const optionalEmailSchema = z.union([z.literal(''), emailSchema]);
/** WhatsApp lid without '@lid'; '' or null clears it. Admins only (policy `mayEditContactLid`). */
const lidSchema = z.nullable(z.string().check(z.trim(), z.maxLength(64)));

/** POST /contacts. */
export const createContactSchema = z.object({
  name: nameSchema,
  number: contactNumberSchema,
  email: z._default(optionalEmailSchema, ''),
  lid: z.optional(lidSchema),
  extraInfo: z._default(extraInfoSchema, []),
});
export type CreateContactInput = z.infer<typeof createContactSchema>;

/** PUT /contacts/{id}: any subset. */
export const updateContactSchema = z.object({
  name: z.optional(nameSchema),
  number: z.optional(contactNumberSchema),
  email: z.optional(optionalEmailSchema),
  lid: z.optional(lidSchema),
  extraInfo: z.optional(extraInfoSchema),
});
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

/** The console's contact form (create and edit): same fields, same messages. */
export const contactFormSchema = createContactSchema;
export type ContactFormInput = z.input<typeof contactFormSchema>;

/** GET /contacts?searchParam&pageNumber|cursor — search over name and number, O(page) (decisions.md). */
export const listContactsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
});
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;

export const contactIdParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------- answers and realtime payloads

export interface ContactDto {
  id: string;
  name: string;
  number: string;
  lid: string | null;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: { name: string; value: string }[];
  createdAt: string;
  updatedAt: string;
}

/** GET /contacts. `cursor` continues the list (preferred over pageNumber, which re-reads the skipped pages). */
export interface ContactListAnswer {
  contacts: ContactDto[];
  count: number;
  hasMore: boolean;
  cursor?: string;
}

// `company-<cid>-contact` payloads: ContactRealtimeData in realtime.ts.
