/**
 * Contacts area (spec part 1 §7 "Contacts and schedules"): the company's contacts and their O(page)
 * search. Their scheduled messages are served by the messages area (handlers/messages/schedule-routes.ts).
 */
import {
  contactIdParamsSchema,
  createContactSchema,
  deleteContactsSchema,
  importContactsSchema,
  importPhoneContactsSchema,
  listContactsPickerQuerySchema,
  listContactsQuerySchema,
  updateContactSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  createContactFor,
  listContacts,
  listContactsForPicker,
  showContact,
  updateContactFor,
} from '../../domain/contacts/contact-book';
import { importContactsFor } from '../../domain/contacts/import-contacts';
import { importPhoneContactsFor } from '../../domain/contacts/import-phone-contacts';
import { deleteContactFor, deleteContactsFor } from '../../domain/contacts/remove-contacts';

export const handler = areaRouter('contacts', [
  route('GET /contacts', 'user', {
    query: listContactsQuerySchema,
    handler: async ({ auth, query }) => json(await listContacts(auth.companyId, query)),
  }),
  route('GET /contacts/list', 'user', {
    query: listContactsPickerQuerySchema,
    handler: async ({ auth, query }) => {
      const page = await listContactsForPicker(auth.companyId, query);
      return { ...json(page.contacts), ...(page.next ? { headers: { 'X-Next-Cursor': page.next } } : {}) };
    },
  }),
  route('POST /contacts', 'user', {
    body: createContactSchema,
    handler: async ({ auth, body }) => json(await createContactFor(auth, body), 201),
  }),
  route('GET /contacts/{id}', 'user', {
    params: contactIdParamsSchema,
    handler: async ({ auth, params }) => json(await showContact(auth.companyId, params.id)),
  }),
  route('PUT /contacts/{id}', 'user', {
    params: contactIdParamsSchema,
    body: updateContactSchema,
    handler: async ({ auth, params, body }) => json(await updateContactFor(auth, params.id, body)),
  }),
  // the contacts page (spec part 3 §7 "Contacts"; issue 27)
  route('DELETE /contacts/{id}', 'user', {
    params: contactIdParamsSchema,
    handler: async ({ auth, params }) => {
      await deleteContactFor(auth, params.id);
      return noContent();
    },
  }),
  route('DELETE /contacts', 'user', {
    body: deleteContactsSchema,
    handler: async ({ auth, body }) => json(await deleteContactsFor(auth, body.contactIds)),
  }),
  route('POST /contacts/import', 'user', {
    body: importContactsSchema,
    handler: async ({ auth, body }) => json(await importContactsFor(auth, body)),
  }),
  route('POST /contacts/import/phone', 'user', {
    body: importPhoneContactsSchema,
    handler: async ({ auth, body }) => json(await importPhoneContactsFor(auth, body)),
  }),
]);
