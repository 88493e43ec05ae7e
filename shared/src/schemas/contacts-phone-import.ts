/**
 * POST /contacts/import/phone (spec part 3 "Contacts page": the menu's import from the phone; §6
 * contacts-page:importExportContact; the payload is not shown in the spec). The connection's address
 * book (the contacts its WhatsApp socket synced) is imported a page at a time: the console posts again
 * with the answer's `cursor` until none comes back, adding up the counts for its progress toast.
 */
import * as z from '../zod';
import { cursorSchema, idSchema } from './common';

/** Address-book entries one request imports (the request's work is bounded whatever the phone holds). */
export const PHONE_IMPORT_PAGE = 100;

export const importPhoneContactsSchema = z.object({
  /** The connection whose address book is read; the company's default connection when absent. */
  whatsappId: z.optional(idSchema),
  cursor: cursorSchema,
});
export type ImportPhoneContactsInput = z.infer<typeof importPhoneContactsSchema>;

/** One page's outcome. */
export interface ImportPhoneContactsAnswer {
  /** New contacts. */
  created: number;
  /** Existing contacts (by number) whose empty name was filled from the address book. */
  updated: number;
  /** Existing contacts left as they were (they had a name). */
  unchanged: number;
  /** Entries that are not a valid phone number. */
  refused: number;
  /** Post again with it for the next page; absent after the last one. */
  cursor?: string;
}
