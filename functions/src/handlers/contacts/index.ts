/**
 * Contacts area (spec part 1 §7 "Contacts and schedules"): the company's contacts, O(page) search,
 * and their scheduled messages.
 */
import * as z from '@atende/shared/zod';
import {
  contactIdParamsSchema,
  createContactSchema,
  createScheduleSchema,
  listContactsQuerySchema,
  listSchedulesQuerySchema,
  scheduleIdParamsSchema,
  scheduleMediaRemoveQuerySchema,
  scheduleMediaUploadSchema,
  updateContactSchema,
  updateScheduleSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  createSchedule,
  listSchedules,
  removeSchedule,
  showSchedule,
  updateSchedule,
} from '../../domain/schedules/manage-schedules';
import { removeScheduleMedia, uploadScheduleMedia } from '../../domain/schedules/schedule-media';
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
  route('GET /schedules', {
    query: listSchedulesQuerySchema,
    handler: async ({ auth, query }) => json(await listSchedules(auth, query)),
  }),
  route('POST /schedules', {
    body: createScheduleSchema,
    handler: async ({ auth, body }) => json(await createSchedule(auth, body), 201),
  }),
  route('GET /schedules/{id}', {
    params: scheduleIdParamsSchema,
    handler: async ({ auth, params }) => json(await showSchedule(auth, params.id)),
  }),
  route('PUT /schedules/{id}', {
    params: scheduleIdParamsSchema,
    body: updateScheduleSchema,
    handler: async ({ auth, params, body }) => json(await updateSchedule(auth, params.id, body)),
  }),
  route('DELETE /schedules/{id}', {
    params: scheduleIdParamsSchema,
    handler: async ({ auth, params }) => {
      await removeSchedule(auth, params.id);
      return noContent();
    },
  }),
  route('POST /schedules/{id}/media-upload', {
    params: scheduleIdParamsSchema,
    body: scheduleMediaUploadSchema,
    handler: async ({ auth, params, body }) => json(await uploadScheduleMedia(auth, params.id, body)),
  }),
  route('DELETE /schedules/{id}/media-upload', {
    params: scheduleIdParamsSchema,
    query: scheduleMediaRemoveQuerySchema,
    handler: async ({ auth, params, query }) => json(await removeScheduleMedia(auth, params.id, query.originalName)),
  }),
]);
