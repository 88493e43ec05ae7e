/** Announcements area (spec part 3 §7 "Announcements"): super users write; everyone reads the active ones. */
import * as z from '@atende/shared/zod';
import { announcementSchema, announcementUploadSchema, idSchema, listAnnouncementsQuerySchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import {
  addAnnouncement,
  attachAnnouncementImage,
  deleteAnnouncement,
  detachAnnouncementImage,
  listAnnouncements,
  showAnnouncement,
  updateAnnouncement,
} from '../../domain/announcements/manage-announcements';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('announcements', [
  route('GET /announcements', 'user', {
    query: listAnnouncementsQuerySchema,
    handler: async ({ auth, query }) => json(await listAnnouncements(auth, query)),
  }),
  route('GET /announcements/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await showAnnouncement(auth, params.id)),
  }),
  route('POST /announcements', 'super', {
    body: announcementSchema,
    handler: async ({ body }) => json(await addAnnouncement(body), 201),
  }),
  route('PUT /announcements/{id}', 'super', {
    params: byId,
    body: announcementSchema,
    handler: async ({ params, body }) => json(await updateAnnouncement(params.id, body)),
  }),
  route('DELETE /announcements/{id}', 'super', {
    params: byId,
    handler: async ({ params }) => {
      await deleteAnnouncement(params.id);
      return noContent();
    },
  }),
  route('POST /announcements/{id}/media-upload', 'super', {
    params: byId,
    body: announcementUploadSchema,
    handler: async ({ params, body }) =>
      json(await attachAnnouncementImage(params.id, body.fileName, body.contentType, body.file)),
  }),
  route('DELETE /announcements/{id}/media-upload', 'super', {
    params: byId,
    handler: async ({ params }) => json(await detachAnnouncementImage(params.id)),
  }),
]);
