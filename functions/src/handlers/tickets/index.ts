/**
 * Tickets area (spec part 1 §7 "Tickets and messages"): tickets, their notes and tags. The company
 * and the caller come from the token; every rule is in domain/tickets through the shared policy.
 */
import * as z from '@atende/shared/zod';
import {
  createTicketNoteSchema,
  createTicketSchema,
  idSchema,
  listTicketNotesQuerySchema,
  listTicketsQuerySchema,
  ticketIdSchema,
  ticketUuidSchema,
  updateTicketSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import { createTicket } from '../../domain/tickets/create-ticket';
import { deleteTicket } from '../../domain/tickets/delete-ticket';
import { listTickets } from '../../domain/tickets/list-tickets';
import { showTicket, showTicketByUuid } from '../../domain/tickets/read-ticket';
import { ticketActor } from '../../domain/tickets/ticket-actor';
import { addTicketNote, listNotesOfTicket, removeTicketNote } from '../../domain/tickets/ticket-notes';
import { updateTicket } from '../../domain/tickets/update-ticket';
import { ticketBots } from '../../domain/bots/bot-runtime';
import { tagRoutes } from './tag-routes';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('tickets', [
  route('GET /tickets', 'user', {
    query: listTicketsQuerySchema,
    handler: async ({ auth, query }) => json(await listTickets(await ticketActor(auth), query)),
  }),
  route('POST /tickets', 'user', {
    body: createTicketSchema,
    handler: async ({ auth, body }) => json(await createTicket(await ticketActor(auth), body), 201),
  }),
  route('GET /tickets/{id}', 'user', {
    params: ticketIdSchema,
    handler: async ({ auth, params }) => json(await showTicket(await ticketActor(auth), params.id)),
  }),
  route('GET /tickets/u/{uuid}', 'user', {
    params: ticketUuidSchema,
    handler: async ({ auth, params }) => json(await showTicketByUuid(await ticketActor(auth), params.uuid)),
  }),
  route('PUT /tickets/{id}', 'user', {
    params: ticketIdSchema,
    body: updateTicketSchema,
    handler: async ({ auth, params, body }) =>
      json(await updateTicket(await ticketActor(auth), params.id, body, ticketBots)),
  }),
  route('DELETE /tickets/{id}', 'user', {
    params: ticketIdSchema,
    handler: async ({ auth, params }) => {
      await deleteTicket(await ticketActor(auth), params.id);
      return noContent();
    },
  }),
  route('POST /ticket-notes', 'user', {
    body: createTicketNoteSchema,
    handler: async ({ auth, body }) => json(await addTicketNote(await ticketActor(auth), body), 201),
  }),
  route('GET /ticket-notes/list', 'user', {
    query: listTicketNotesQuerySchema,
    handler: async ({ auth, query }) =>
      json(await listNotesOfTicket(await ticketActor(auth), query.ticketId, query.contactId)),
  }),
  route('DELETE /ticket-notes/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await removeTicketNote(await ticketActor(auth), params.id)),
  }),
  ...tagRoutes,
]);
