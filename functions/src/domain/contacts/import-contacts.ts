/**
 * POST /contacts/import (spec part 3 §3 "import from spreadsheet file", §6 contacts-page:importExportContact;
 * issue 27). The console reads the spreadsheet and posts it in chunks of ≤ CONTACT_BULK_MAX rows, so a
 * request's work is bounded whatever the file's size (decisions.md "Contacts page: import in chunks").
 * Each row is checked on its own (`checkImportRow`: name, E.164 number, e-mail) and answered in order:
 * created, or refused with why. A number already in the company (or earlier in the chunk) is a duplicate;
 * the number lookup item makes that race-free, and a chunk sent twice creates nothing twice.
 */
import { ulid } from '@atende/shared/ids';
import {
  checkImportRow,
  mayImportExportContacts,
  type ImportContactsAnswer,
  type ImportContactsInput,
  type ImportRowResult,
  type Viewer,
} from '@atende/shared';
import { findContactIdByKey, insertContact, type ContactRecord } from '../../data/contacts';
import { TransactionConditionFailed } from '../../data/transactions';
import { AppError } from '../../platform/app-error';
import { leadMoves } from '../dashboard/company-clock';
import { mapBounded } from './bounded';

const PARALLEL_INSERTS = 8;

type Row = ImportContactsInput['rows'][number];
type Checked = { line: number; contact: ContactRecord } | ImportRowResult;

export async function importContactsFor(viewer: Viewer, input: ImportContactsInput): Promise<ImportContactsAnswer> {
  if (!mayImportExportContacts(viewer)) throw new AppError('ERR_NO_PERMISSION', 403);
  const seen = new Set<string>();
  const checked = input.rows.map((row): Checked => {
    const check = checkImportRow(row);
    if (!check.ok) return { line: row.line, status: 'refused', reason: check.reason };
    if (seen.has(check.number)) return { line: row.line, status: 'refused', reason: 'duplicateInFile' };
    seen.add(check.number);
    return { line: row.line, contact: newContact(viewer.companyId, check) };
  });
  const results = await mapBounded(checked, PARALLEL_INSERTS, async (c) =>
    'contact' in c ? createOne(c.line, c.contact) : c,
  );
  return { results };
}

/** A contact an import creates (a spreadsheet row, an address-book entry). */
export function newContact(companyId: string, row: { name: string; number: string; email: string }): ContactRecord {
  const now = new Date().toISOString();
  return {
    id: ulid(),
    companyId,
    name: row.name,
    number: row.number,
    lid: null,
    email: row.email,
    profilePicUrl: '',
    isGroup: false,
    extraInfo: [],
    createdAt: now,
    updatedAt: now,
  };
}

async function createOne(line: Row['line'], contact: ContactRecord): Promise<ImportRowResult> {
  try {
    await insertContact(contact, await leadMoves(contact.companyId, contact.createdAt, false));
  } catch (err) {
    if (!(err instanceof TransactionConditionFailed) || !err.has('number')) throw err;
    const existing = await findContactIdByKey(contact.companyId, 'number', contact.number); // AP-CT2
    return { line, status: 'refused', reason: 'duplicate', ...(existing ? { contactId: existing } : {}) };
  }
  // No realtime event per row: a 10,000-row file would flood every open console; the importing
  // console reloads its list when done (decisions.md "Contacts page: import in chunks").
  return { line, status: 'created', contactId: contact.id };
}
