/**
 * Tags (spec part 1 §7, part 3 §7 "Tags"), served by the tickets area: tickets carry them and
 * `POST /tags/sync` moves their counts in the ticket's own transaction.
 */
import { createTagSchema, listTagsQuerySchema, syncTagsSchema, tagIdParamsSchema, updateTagSchema } from '@atende/shared';
import { json, noContent, route } from '../../platform/http-route';
import { changeTag, createTag, listCompanyTags, listTagsPage, removeTag, showTag } from '../../domain/tags/tags';
import { ticketActor } from '../../domain/tickets/ticket-actor';
import { syncTicketTags } from '../../domain/tickets/ticket-tags';

export const tagRoutes = [
  route('GET /tags', 'user', {
    query: listTagsQuerySchema,
    handler: async ({ auth, query }) => json(await listTagsPage(auth.companyId, query)),
  }),
  route('GET /tags/list', 'user', {
    handler: async ({ auth }) => json(await listCompanyTags(auth.companyId)),
  }),
  route('POST /tags', 'user', {
    body: createTagSchema,
    handler: async ({ auth, body }) => json(await createTag(auth.companyId, body), 201),
  }),
  route('GET /tags/{id}', 'user', {
    params: tagIdParamsSchema,
    handler: async ({ auth, params }) => json(await showTag(auth.companyId, params.id)),
  }),
  route('PUT /tags/{id}', 'user', {
    params: tagIdParamsSchema,
    body: updateTagSchema,
    handler: async ({ auth, params, body }) => json(await changeTag(auth.companyId, params.id, body)),
  }),
  route('DELETE /tags/{id}', 'user', {
    params: tagIdParamsSchema,
    handler: async ({ auth, params }) => {
      await removeTag(auth.companyId, params.id);
      return noContent();
    },
  }),
  route('POST /tags/sync', 'user', {
    body: syncTagsSchema,
    handler: async ({ auth, body }) => json(await syncTicketTags(await ticketActor(auth), body)),
  }),
];
