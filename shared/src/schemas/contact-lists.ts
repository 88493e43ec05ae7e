/**
 * Campaign contact lists and their items (spec part 3 "Contact lists page", "Contact list items page",
 * "Contact-list picker dialog", §3 ContactList / ContactListItem, §5, §7 "Contact lists and items").
 * A list holds the numbers a campaign sends to; each item carries whether its number is on WhatsApp
 * (checked through the company's default connection at import or save, cached per number).
 */
import * as z from '../zod';
import { cursorSchema, idSchema, MSG, nameSchema, pageNumberSchema, searchParamSchema } from './common';
import { emailSchema } from './email';
import { IMPORT_REFUSALS, importContactsSchema, type ImportContactsInput } from './contacts';

export const CONTACT_LIST_MSG = {
  /** Picker: a new list's name needs at least 3 characters. */
  pickerNameTooShort: 'validation.contactList.pickerNameTooShort',
  numberTooShort: 'validation.contactList.numberTooShort',
  /** Not a phone number (normaliseContactNumber found no valid E.164 reading). */
  numberInvalid: 'validation.contactList.numberInvalid',
} as const;

/** POST /contact-lists, PUT /contact-lists/{id}: name 2-50. */
export const contactListSchema = z.object({ name: nameSchema });
export type ContactListInput = z.infer<typeof contactListSchema>;

/** The picker's "create" (spec §5): non-empty, at least 3 characters, stored in upper case. */
export const pickerContactListSchema = z.object({
  name: z
    .string({ error: MSG.required })
    .check(
      z.trim(),
      z.minLength(1, MSG.required),
      z.minLength(3, CONTACT_LIST_MSG.pickerNameTooShort),
      z.maxLength(50, MSG.tooLong),
      z.toUpperCase(),
    ),
});

/** GET /contact-lists (searchParam, pageNumber, cursor) → { records, hasMore, cursor? }. */
export const listContactListsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
});
export type ListContactListsQuery = z.infer<typeof listContactListsQuerySchema>;

export interface ContactListDto {
  id: string;
  name: string;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** Contact-list item: name 2-50, number 8-50 (digits, normalised to E.164 digits), email valid if given. */
export const contactListItemSchema = z.object({
  name: nameSchema,
  number: z
    .string({ error: MSG.required })
    .check(
      z.trim(),
      z.minLength(1, MSG.required),
      z.minLength(8, CONTACT_LIST_MSG.numberTooShort),
      z.maxLength(50, MSG.tooLong),
    ),
  email: z.optional(z.union([z.literal(''), emailSchema])),
});
export type ContactListItemInput = z.infer<typeof contactListItemSchema>;

/** POST /contact-list-items: the item plus its list (companyId always from the token, never the body). */
export const createContactListItemSchema = z.extend(contactListItemSchema, { contactListId: idSchema });
export type CreateContactListItemInput = z.infer<typeof createContactListItemSchema>;

/** GET /contact-list-items (contactListId, searchParam, pageNumber, cursor) → { contacts, hasMore, cursor? }. */
export const listContactListItemsQuerySchema = z.object({
  contactListId: idSchema,
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
});
export type ListContactListItemsQuery = z.infer<typeof listContactListItemsQuerySchema>;

export interface ContactListItemDto {
  id: string;
  contactListId: string;
  name: string;
  /** E.164 digits without '+', e.g. 5511999998888. */
  number: string;
  email: string;
  /** null while not yet checked (no connected default connection at import time). */
  isWhatsappValid: boolean | null;
  createdAt: string;
}

/** POST /contacts/transferToListCampaigns {contactIds, contactListId}. */
export const transferToListSchema = z.object({
  contactIds: z.array(idSchema).check(z.minLength(1), z.maxLength(200)),
  contactListId: idSchema,
});
export type TransferToListInput = z.infer<typeof transferToListSchema>;

// ---------------------------------------------------------------- lists' capacity, import and bulk add (issue 27 item 2)

export const contactListIdParamsSchema = z.object({ id: idSchema });
export const contactListItemIdParamsSchema = z.object({ id: idSchema });

/** PUT /contact-list-items/{id}: the item's fields (it stays in its list). */
export const updateContactListItemSchema = contactListItemSchema;

/** GET /contact-lists/{id}: the list plus its capacity under the company's campaign parameters. */
export interface ContactListDetailDto extends ContactListDto {
  /** numberOfContactsInGroupsCampaigns: most items one list may hold. */
  contactsLimit: number;
  /** How many more items fit (0: the list is full). */
  remaining: number;
}

/** GET /contact-lists → { records, hasMore, cursor? }. */
export interface ContactListPageAnswer {
  records: ContactListDto[];
  hasMore: boolean;
  cursor?: string;
}

/** GET /contact-list-items → { contacts, hasMore, cursor? }. */
export interface ContactListItemPageAnswer {
  contacts: ContactListItemDto[];
  hasMore: boolean;
  cursor?: string;
}

/** How many more items a list holding `count` may take under a limit of `limit` (never negative). */
export function remainingListCapacity(limit: number, count: number): number {
  return Math.max(0, limit - count);
}

/**
 * Rows kept by a list with `remaining` free places (spec §5: imports and bulk adds are truncated to
 * the remaining capacity; zero blocks them): the first `remaining` rows, and the rest left out.
 */
export function withinListCapacity<T>(rows: readonly T[], remaining: number): { kept: T[]; leftOut: T[] } {
  const n = Math.max(0, Math.min(rows.length, remaining));
  return { kept: rows.slice(0, n), leftOut: rows.slice(n) };
}

/**
 * POST /contact-lists/{id}/upload: one chunk (≤ CONTACT_BULK_MAX rows) of the spreadsheet the console
 * read, the contacts import's shape (decisions.md "Contact lists: import in chunks").
 */
export const importContactListSchema = importContactsSchema;
export type ImportContactListInput = ImportContactsInput;

/** Why a row of a list import was refused: the contacts import's reasons, plus the list being full. */
export const CONTACT_LIST_IMPORT_REFUSALS = [...IMPORT_REFUSALS, 'overCapacity'] as const;
export type ContactListImportRefusal = (typeof CONTACT_LIST_IMPORT_REFUSALS)[number];

export type ContactListImportRowResult =
  | { line: number; status: 'created'; itemId: string; isWhatsappValid: boolean | null }
  | { line: number; status: 'refused'; reason: ContactListImportRefusal };

/**
 * Whether the numbers could be checked against WhatsApp: `checked` (every answer known),
 * `noConnection` (the company has no connected default connection: unknown ones stay null),
 * `pending` (some numbers have no known answer yet: they stay null).
 */
export type WhatsappCheckState = 'checked' | 'noConnection' | 'pending';

/** POST /contact-lists/{id}/upload: one result per row sent, in order, and the list's count after. */
export interface ContactListImportAnswer {
  results: ContactListImportRowResult[];
  contactsCount: number;
  remaining: number;
  whatsappCheck: WhatsappCheckState;
}

/** POST /contacts/transferToListCampaigns: how many contacts were added, and why the others were not. */
export interface TransferToListAnswer {
  added: number;
  /** Already in the list (same number). */
  duplicates: number;
  /** Left out because the list was full. */
  overCapacity: number;
  /** Not found in the company, groups, or without a valid number. */
  skipped: number;
  contactsCount: number;
  whatsappCheck: WhatsappCheckState;
}

/**
 * POST /contact-lists/{id}/check-numbers {cursor?}: asks WhatsApp again about one page of the list's
 * items still unknown (isWhatsappValid null), for a "check the numbers" action that walks the list page
 * by page (pass back `cursor` until it is absent). Answers already known set the items at once.
 */
export const checkContactListNumbersSchema = z.object({ cursor: cursorSchema });
export type CheckContactListNumbersInput = z.infer<typeof checkContactListNumbersSchema>;

export interface CheckContactListNumbersAnswer {
  /** Items of this page set from answers already known. */
  settled: number;
  /** Numbers of this page sent to WhatsApp (the items follow when the answer comes). */
  asked: number;
  /** `noConnection`: unknown numbers of this page could not be asked. */
  whatsappCheck: WhatsappCheckState;
  cursor?: string;
}
