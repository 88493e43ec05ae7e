/**
 * Campaign contact lists and their items (spec part 3 §7 "Contact lists and items"; issue 27 item 2),
 * plus the contacts page's bulk add to a list (`POST /contacts/transferToListCampaigns`). The upload is
 * JSON chunks the console read from the spreadsheet, like the contacts import (decisions.md "Contact
 * lists: import in chunks").
 */
import {
  checkContactListNumbersSchema,
  contactListIdParamsSchema,
  contactListItemIdParamsSchema,
  contactListSchema,
  createContactListItemSchema,
  importContactListSchema,
  listContactListItemsQuerySchema,
  listContactListsQuerySchema,
  transferToListSchema,
  updateContactListItemSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  createContactListFor,
  deleteContactListFor,
  listAllContactListsFor,
  listContactListsPageFor,
  renameContactListFor,
  showContactListFor,
} from '../../domain/contact-lists/contact-lists';
import { checkContactListNumbersFor } from '../../domain/contact-lists/check-list-numbers';
import { importContactListItemsFor } from '../../domain/contact-lists/import-list-items';
import {
  createContactListItemFor,
  deleteContactListItemFor,
  listContactListItemsFor,
  showContactListItemFor,
  updateContactListItemFor,
} from '../../domain/contact-lists/list-items';
import { transferContactsToListFor } from '../../domain/contact-lists/transfer-contacts';

export const handler = areaRouter('contactlists', [
  route('GET /contact-lists/list', 'user', { handler: async ({ auth }) => json(await listAllContactListsFor(auth)) }),
  route('GET /contact-lists', 'user', {
    query: listContactListsQuerySchema,
    handler: async ({ auth, query }) => json(await listContactListsPageFor(auth, query)),
  }),
  route('POST /contact-lists', 'user', {
    body: contactListSchema,
    handler: async ({ auth, body }) => json(await createContactListFor(auth, body), 201),
  }),
  route('GET /contact-lists/{id}', 'user', {
    params: contactListIdParamsSchema,
    handler: async ({ auth, params }) => json(await showContactListFor(auth, params.id)),
  }),
  route('PUT /contact-lists/{id}', 'user', {
    params: contactListIdParamsSchema,
    body: contactListSchema,
    handler: async ({ auth, params, body }) => json(await renameContactListFor(auth, params.id, body)),
  }),
  route('DELETE /contact-lists/{id}', 'user', {
    params: contactListIdParamsSchema,
    handler: async ({ auth, params }) => {
      await deleteContactListFor(auth, params.id);
      return noContent();
    },
  }),
  route('POST /contact-lists/{id}/upload', 'user', {
    params: contactListIdParamsSchema,
    body: importContactListSchema,
    handler: async ({ auth, params, body }) => json(await importContactListItemsFor(auth, params.id, body)),
  }),
  route('POST /contact-lists/{id}/check-numbers', 'user', {
    params: contactListIdParamsSchema,
    body: checkContactListNumbersSchema,
    handler: async ({ auth, params, body }) => json(await checkContactListNumbersFor(auth, params.id, body)),
  }),
  route('GET /contact-list-items', 'user', {
    query: listContactListItemsQuerySchema,
    handler: async ({ auth, query }) => json(await listContactListItemsFor(auth, query)),
  }),
  route('POST /contact-list-items', 'user', {
    body: createContactListItemSchema,
    handler: async ({ auth, body }) => json(await createContactListItemFor(auth, body), 201),
  }),
  route('GET /contact-list-items/{id}', 'user', {
    params: contactListItemIdParamsSchema,
    handler: async ({ auth, params }) => json(await showContactListItemFor(auth, params.id)),
  }),
  route('PUT /contact-list-items/{id}', 'user', {
    params: contactListItemIdParamsSchema,
    body: updateContactListItemSchema,
    handler: async ({ auth, params, body }) => json(await updateContactListItemFor(auth, params.id, body)),
  }),
  route('DELETE /contact-list-items/{id}', 'user', {
    params: contactListItemIdParamsSchema,
    handler: async ({ auth, params }) => {
      await deleteContactListItemFor(auth, params.id);
      return noContent();
    },
  }),
  route('POST /contacts/transferToListCampaigns', 'user', {
    body: transferToListSchema,
    handler: async ({ auth, body }) => json(await transferContactsToListFor(auth, body)),
  }),
]);
