/**
 * Messages area (spec part 1 §7): a ticket's conversation, sending (JSON or media via presigned uploads),
 * deleting; and the scheduled messages (schedule-routes.ts).
 */
import * as z from '@atende/shared/zod';
import { idSchema, listMessagesQuerySchema, requestUploadsSchema, sendMessageSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import { deleteTicketMessage } from '../../domain/messages/delete-message';
import { listTicketMessages } from '../../domain/messages/list-ticket-messages';
import { sendTicketMessage } from '../../domain/messages/send-message';
import { requestUploads } from '../../domain/messages/uploads';
import { ticketActor } from '../../domain/tickets/ticket-actor';
import { quickMessageRoutes } from './quick-message-routes';
import { scheduleRoutes } from './schedule-routes';
import { externalApiRoutes } from './external-api-routes';

/** `{id}`: the ticket for GET/POST, the message for DELETE (one variable name per path level in API Gateway). */
const byId = z.object({ id: idSchema });

export const handler = areaRouter('messages', [
  route('GET /messages/{id}', 'user', {
    params: byId,
    query: listMessagesQuerySchema,
    handler: async ({ auth, params, query }) => json(await listTicketMessages(await ticketActor(auth), params.id, query)),
  }),
  route('POST /messages/{id}', 'user', {
    params: byId,
    body: sendMessageSchema,
    handler: async ({ auth, params, body }) =>
      json({ messages: await sendTicketMessage(await ticketActor(auth), params.id, body) }, 201),
  }),
  route('POST /messages/{id}/uploads', 'user', {
    params: byId,
    body: requestUploadsSchema,
    handler: async ({ auth, params, body }) => json(await requestUploads(await ticketActor(auth), params.id, body), 201),
  }),
  route('DELETE /messages/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await deleteTicketMessage(await ticketActor(auth), params.id)),
  }),
  ...scheduleRoutes,
  ...quickMessageRoutes,
  ...externalApiRoutes,
]);
