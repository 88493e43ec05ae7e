/**
 * The contacts page (spec part 3 §6): `contacts-page:importExportContact` (import, export and the
 * select tools) and `contacts-page:deleteContact` (delete a contact or a list item). The spec does not
 * say which roles hold them: admins and supervisors do (decisions.md "Contacts page"), as with the
 * other company-wide data they manage (quick replies for everyone).
 */
import { isAdmin, type Viewer } from './viewer';

const managesContacts = (viewer: Pick<Viewer, 'profile' | 'super'>): boolean =>
  isAdmin(viewer) || String(viewer.profile).toLowerCase() === 'supervisor';

export const CONTACT_PERMISSIONS = {
  importExport: 'contacts-page:importExportContact',
  delete: 'contacts-page:deleteContact',
} as const;

/** Import, export, select mode (bulk delete, bulk export). */
export const mayImportExportContacts = (viewer: Pick<Viewer, 'profile' | 'super'>): boolean => managesContacts(viewer);

/** DELETE /contacts/{id} and DELETE /contacts. */
export const mayDeleteContacts = (viewer: Pick<Viewer, 'profile' | 'super'>): boolean => managesContacts(viewer);
