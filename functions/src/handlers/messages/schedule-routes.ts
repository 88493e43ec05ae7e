/**
 * Scheduled messages (spec part 1 §7 "Contacts and schedules", part 3 "Schedules and connections"),
 * served by the messages area: they are messages sent later, and their attachments need the media
 * bucket this area already holds (decisions.md "Schedules, round 2": bundle size).
 */
import {
  createScheduleSchema,
  listSchedulesQuerySchema,
  scheduleIdParamsSchema,
  scheduleMediaRemoveQuerySchema,
  scheduleMediaUploadSchema,
  updateScheduleSchema,
} from '@atende/shared';
import { json, noContent, route } from '../../platform/http-route';
import {
  createSchedule,
  listSchedules,
  removeSchedule,
  showSchedule,
  updateSchedule,
} from '../../domain/schedules/manage-schedules';
import { removeScheduleMedia, uploadScheduleMedia } from '../../domain/schedules/schedule-media';

export const scheduleRoutes = [
  route('GET /schedules', 'user', {
    query: listSchedulesQuerySchema,
    handler: async ({ auth, query }) => json(await listSchedules(auth, query)),
  }),
  route('POST /schedules', 'user', {
    body: createScheduleSchema,
    handler: async ({ auth, body }) => json(await createSchedule(auth, body), 201),
  }),
  route('GET /schedules/{id}', 'user', {
    params: scheduleIdParamsSchema,
    handler: async ({ auth, params }) => json(await showSchedule(auth, params.id)),
  }),
  route('PUT /schedules/{id}', 'user', {
    params: scheduleIdParamsSchema,
    body: updateScheduleSchema,
    handler: async ({ auth, params, body }) => json(await updateSchedule(auth, params.id, body)),
  }),
  route('DELETE /schedules/{id}', 'user', {
    params: scheduleIdParamsSchema,
    handler: async ({ auth, params }) => {
      await removeSchedule(auth, params.id);
      return noContent();
    },
  }),
  route('POST /schedules/{id}/media-upload', 'user', {
    params: scheduleIdParamsSchema,
    body: scheduleMediaUploadSchema,
    handler: async ({ auth, params, body }) => json(await uploadScheduleMedia(auth, params.id, body)),
  }),
  route('DELETE /schedules/{id}/media-upload', 'user', {
    params: scheduleIdParamsSchema,
    query: scheduleMediaRemoveQuerySchema,
    handler: async ({ auth, params, query }) => json(await removeScheduleMedia(auth, params.id, query.originalName)),
  }),
];
