/** Helps area (spec part 2 §7 "Helps"): everyone reads, super users write. */
import * as z from '@atende/shared/zod';
import { helpSchema, idSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { httpRoute, json, noContent } from '../../platform/http-route';
import { addHelp, allHelps, deleteHelp, updateHelp } from '../../domain/helps/manage-helps';

const byId = z.object({ id: idSchema });

export const handler = areaRouter({
  'GET /helps': httpRoute({ access: 'user', handler: async () => json(await allHelps()) }),
  'GET /helps/list': httpRoute({ access: 'user', handler: async () => json(await allHelps()) }),
  'POST /helps': httpRoute({ access: 'super', body: helpSchema, handler: async ({ body }) => json(await addHelp(body), 201) }),
  'PUT /helps/{id}': httpRoute({ access: 'super', params: byId, body: helpSchema, handler: async ({ params, body }) => json(await updateHelp(params.id, body)) }),
  'DELETE /helps/{id}': httpRoute({
    access: 'super', params: byId,
    handler: async ({ params }) => {
      await deleteHelp(params.id);
      return noContent();
    },
  }),
});
