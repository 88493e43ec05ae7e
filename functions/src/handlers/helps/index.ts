/** Helps area (spec part 2 §7 "Helps"): everyone reads, super users write. */
import * as z from '@atende/shared/zod';
import { helpSchema, idSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, noContent, route } from '../../platform/http-route';
import { addHelp, allHelps, deleteHelp, updateHelp } from '../../domain/helps/manage-helps';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('helps', [
  route('GET /helps', 'user', { handler: async () => json(await allHelps()) }),
  route('GET /helps/list', 'user', { handler: async () => json(await allHelps()) }),
  route('POST /helps', 'super', { body: helpSchema, handler: async ({ body }) => json(await addHelp(body), 201) }),
  route('PUT /helps/{id}', 'super', {
    params: byId,
    body: helpSchema,
    handler: async ({ params, body }) => json(await updateHelp(params.id, body)),
  }),
  route('DELETE /helps/{id}', 'super', {
    params: byId,
    handler: async ({ params }) => {
      await deleteHelp(params.id);
      return noContent();
    },
  }),
]);
