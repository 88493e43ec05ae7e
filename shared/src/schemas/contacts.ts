/**
 * Contacts (spec part 1 §3 "Contact", §5 "Contact form and contact drawer", §7 "Contacts and schedules").
 * The console's contact modal/drawer and the API share these schemas.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as z from '../zod';
import { normalisePhoneNumber } from './external-api';
import { cursorSchema, idSchema, MSG, nameSchema, pageNumberSchema, searchParamSchema } from './common';
import { emailSchema } from './email';

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

/** Most contacts one GET /contacts/list page holds. */
export const CONTACT_LIST_MAX_PAGE = 200;

/**
 * GET /contacts/list (pickers): a page of the company's contacts by name, the answer still a plain
 * array. `pageSize` (default 100) and `cursor` page it; the next page's cursor comes in the
 * `X-Next-Cursor` header, absent on the last page. `companyId` is accepted and ignored (the token's
 * company is the only one).
 */
export const listContactsPickerQuerySchema = z.object({
  companyId: z.optional(z.string().check(z.maxLength(64))),
  cursor: cursorSchema,
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(CONTACT_LIST_MAX_PAGE)), 100),
});
export type ListContactsPickerQuery = z.infer<typeof listContactsPickerQuerySchema>;

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

// ---------------------------------------------------------------- contacts page (spec part 3 §3, §6, §7; issue 27)

/** Numbers typed without a country code are read as this country's (the product's main one, spec part 1 §9). */
export const CONTACT_DEFAULT_COUNTRY = 'BR' as const;

/**
 * A contact number as people write it (`(11) 98765-4321`, `5511987654321`, `+1 415 555 2671`) in
 * E.164 (`+5511987654321`), or undefined when it is not a valid phone number. Without `+` it is read
 * as a Brazilian number first (with or without the 55), then as country code + number.
 */
export function normaliseContactNumber(raw: string): string | undefined {
  const text = raw.trim();
  if (!/^[\d\s()+.-]{8,50}$/.test(text)) return undefined;
  if (text.startsWith('+')) return normalisePhoneNumber(text.replace(/[^\d+]/g, ''));
  const national = parsePhoneNumberFromString(text, CONTACT_DEFAULT_COUNTRY);
  if (national?.isValid()) return national.number;
  return normalisePhoneNumber(text.replace(/\D/g, ''));
}

/** Most contacts one bulk call (delete, import chunk) names: the console splits larger selections. */
export const CONTACT_BULK_MAX = 200;

const contactIdsSchema = z.array(idSchema).check(z.minLength(1, MSG.required), z.maxLength(CONTACT_BULK_MAX));

/** DELETE /contacts {contactIds}. */
export const deleteContactsSchema = z.object({ contactIds: contactIdsSchema });
export type DeleteContactsInput = z.infer<typeof deleteContactsSchema>;

/** DELETE /contacts: what was deleted; `refused` keeps contacts with a ticket still pending or open. */
export interface DeleteContactsAnswer {
  deleted: string[];
  refused: { id: string; error: 'ERR_OTHER_OPEN_TICKET' }[];
  /** Ids not found in the company (already deleted, or never its own). */
  notFound: number;
}

/** A spreadsheet cell as read (text or number); anything longer is cut by the row check, not refused whole. */
const cellSchema = z._default(z.union([z.string().check(z.maxLength(500)), z.number()]), '');

/**
 * POST /contacts/import: one chunk (≤ CONTACT_BULK_MAX rows) of a spreadsheet the console read. Rows
 * are checked one by one (`importContactRowSchema`), so one bad row never refuses the chunk.
 */
export const importContactsSchema = z.object({
  rows: z
    .array(
      z.object({
        /** The row's line in the file (1 = the header), echoed in the report. */
        line: z.number().check(z.int(), z.gte(1)),
        name: cellSchema,
        number: cellSchema,
        email: cellSchema,
      }),
    )
    .check(z.minLength(1, MSG.required), z.maxLength(CONTACT_BULK_MAX)),
});
export type ImportContactsInput = z.infer<typeof importContactsSchema>;

/** Why an imported row was refused (`contacts.import.reason.*` in the console). */
export const IMPORT_REFUSALS = [
  'missingName',
  'invalidName',
  'missingNumber',
  'invalidNumber',
  'invalidEmail',
  'duplicateInFile',
  'duplicate',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

/** One row, checked: the contact to create, or why not. */
export function checkImportRow(row: {
  name: string | number;
  number: string | number;
  email: string | number;
}): { ok: true; name: string; number: string; email: string } | { ok: false; reason: ImportRefusal } {
  const name = String(row.name).trim();
  const rawNumber = String(row.number).trim();
  const email = String(row.email).trim();
  if (!name) return { ok: false, reason: 'missingName' };
  if (!z.safeParse(nameSchema, name).success) return { ok: false, reason: 'invalidName' };
  if (!rawNumber) return { ok: false, reason: 'missingNumber' };
  const e164 = normaliseContactNumber(rawNumber);
  if (!e164) return { ok: false, reason: 'invalidNumber' };
  const checkedEmail = email ? z.safeParse(emailSchema, email) : undefined;
  if (checkedEmail && !checkedEmail.success) return { ok: false, reason: 'invalidEmail' };
  // stored as digits, like the numbers the channels report (contact-book.ts)
  return { ok: true, name, number: e164.slice(1), email: checkedEmail?.data ?? '' };
}

export type ImportRowResult =
  | { line: number; status: 'created'; contactId: string }
  | { line: number; status: 'refused'; reason: ImportRefusal; contactId?: string };

/** POST /contacts/import: one result per row sent, in order. */
export interface ImportContactsAnswer {
  results: ImportRowResult[];
}
