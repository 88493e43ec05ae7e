/**
 * Quick replies (spec part 3 §7 "Quick replies"), served by the messages area: their attachments
 * need the media bucket this area holds, as schedules' do (decisions.md "Quick replies"). The list
 * the ticket workspace reads (`GET /quick-messages/list`) stays in the queues area.
 */
import {
  createQuickMessageSchema,
  quickMessageIdParamsSchema,
  quickMessageMediaRemoveQuerySchema,
  quickMessageMediaUploadSchema,
  updateQuickMessageSchema,
} from '@atende/shared';
import { json, noContent, route } from '../../platform/http-route';
import {
  createQuickMessage,
  removeQuickMessage,
  showQuickMessage,
  updateQuickMessage,
} from '../../domain/quick-messages/quick-messages';
import { removeQuickMessageMedia, uploadQuickMessageMedia } from '../../domain/quick-messages/quick-message-media';

export const quickMessageRoutes = [
  route('POST /quick-messages', 'user', {
    body: createQuickMessageSchema,
    handler: async ({ auth, body }) => json(await createQuickMessage(auth, body), 201),
  }),
  route('GET /quick-messages/{id}', 'user', {
    params: quickMessageIdParamsSchema,
    handler: async ({ auth, params }) => json(await showQuickMessage(auth, params.id)),
  }),
  route('PUT /quick-messages/{id}', 'user', {
    params: quickMessageIdParamsSchema,
    body: updateQuickMessageSchema,
    handler: async ({ auth, params, body }) => json(await updateQuickMessage(auth, params.id, body)),
  }),
  route('DELETE /quick-messages/{id}', 'user', {
    params: quickMessageIdParamsSchema,
    handler: async ({ auth, params }) => {
      await removeQuickMessage(auth, params.id);
      return noContent();
    },
  }),
  route('POST /quick-messages/{id}/media-upload', 'user', {
    params: quickMessageIdParamsSchema,
    body: quickMessageMediaUploadSchema,
    handler: async ({ auth, params, body }) => json(await uploadQuickMessageMedia(auth, params.id, body)),
  }),
  route('DELETE /quick-messages/{id}/media-upload', 'user', {
    params: quickMessageIdParamsSchema,
    query: quickMessageMediaRemoveQuerySchema,
    handler: async ({ auth, params, query }) => json(await removeQuickMessageMedia(auth, params.id, query.originalName)),
  }),
];
