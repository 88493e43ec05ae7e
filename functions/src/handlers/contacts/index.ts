/**
 * Contacts area (spec part 1 §7 "Contacts and schedules"): the company's contacts and their O(page)
 * search. Their scheduled messages are served by the messages area (handlers/messages/schedule-routes.ts).
 */
import * as z from '@atende/shared/zod';
import { contactIdParamsSchema, createContactSchema, listContactsQuerySchema, updateContactSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import {
  createContactFor,
  listContacts,
  listContactsForPicker,
  showContact,
  updateContactFor,
} from '../../domain/contacts/contact-book';

export const handler = areaRouter('contacts', [
  route('GET /contacts', {
    query: listContactsQuerySchema,
    handler: async ({ auth, query }) => json(await listContacts(auth.companyId, query)),
  }),
  route('GET /contacts/list', {
    query: z.object({ companyId: z.optional(z.string().check(z.maxLength(64))) }),
    handler: async ({ auth }) => json(await listContactsForPicker(auth.companyId)),
  }),
  route('POST /contacts', {
    body: createContactSchema,
    handler: async ({ auth, body }) => json(await createContactFor(auth, body), 201),
  }),
  route('GET /contacts/{id}', {
    params: contactIdParamsSchema,
    handler: async ({ auth, params }) => json(await showContact(auth.companyId, params.id)),
  }),
  route('PUT /contacts/{id}', {
    params: contactIdParamsSchema,
    body: updateContactSchema,
    handler: async ({ auth, params, body }) => json(await updateContactFor(auth, params.id, body)),
  }),
]);
