/** Announcements area (spec part 3 §7 "Announcements"): super users write; everyone reads the active ones. */
import * as z from '@atende/shared/zod';
import { announcementSchema, announcementUploadSchema, idSchema, listAnnouncementsQuerySchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { httpRoute, json, noContent } from '../../platform/http-route';
import {
  addAnnouncement, attachAnnouncementImage, deleteAnnouncement, detachAnnouncementImage, listAnnouncements, showAnnouncement, updateAnnouncement,
} from '../../domain/announcements/manage-announcements';

const byId = z.object({ id: idSchema });

export const handler = areaRouter({
  'GET /announcements': httpRoute({ access: 'user', query: listAnnouncementsQuerySchema, handler: async ({ auth, query }) => json(await listAnnouncements(auth, query)) }),
  'GET /announcements/{id}': httpRoute({ access: 'user', params: byId, handler: async ({ auth, params }) => json(await showAnnouncement(auth, params.id)) }),
  'POST /announcements': httpRoute({ access: 'super', body: announcementSchema, handler: async ({ body }) => json(await addAnnouncement(body), 201) }),
  'PUT /announcements/{id}': httpRoute({ access: 'super', params: byId, body: announcementSchema, handler: async ({ params, body }) => json(await updateAnnouncement(params.id, body)) }),
  'DELETE /announcements/{id}': httpRoute({
    access: 'super', params: byId,
    handler: async ({ params }) => {
      await deleteAnnouncement(params.id);
      return noContent();
    },
  }),
  'POST /announcements/{id}/media-upload': httpRoute({
    access: 'super', params: byId, body: announcementUploadSchema,
    handler: async ({ params, body }) => json(await attachAnnouncementImage(params.id, body.fileName, body.contentType, body.file)),
  }),
  'DELETE /announcements/{id}/media-upload': httpRoute({ access: 'super', params: byId, handler: async ({ params }) => json(await detachAnnouncementImage(params.id)) }),
});
