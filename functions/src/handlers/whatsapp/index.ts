/**
 * Connections area (spec part 2 §7). The company always comes from the token. Rules (permissions,
 * plan limit, default connection, transfer queue, channel toggles) live in domain/connections.
 */
import * as z from '@atende/shared/zod';
import {
  createConnectionSchema,
  facebookConnectSchema,
  idSchema,
  listConnectionsQuerySchema,
  updateConnectionSchema,
} from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { route, json, noContent } from '../../platform/http-route';
import { createConnection } from '../../domain/connections/create-connection';
import { deleteConnection } from '../../domain/connections/delete-connection';
import { getConnectionFor, listConnectionsFor } from '../../domain/connections/read-connections';
import {
  connectFacebook,
  disconnectSession,
  requestNewQr,
  restartSessionHosts,
  startSession,
} from '../../domain/connections/session-actions';
import { updateConnection } from '../../domain/connections/update-connection';

const byId = z.object({ id: idSchema });

export const handler = areaRouter('whatsapp', [
  route('GET /whatsapp', 'user', {
    query: listConnectionsQuerySchema,
    handler: async ({ auth }) => json(await listConnectionsFor(auth)),
  }),
  route('POST /whatsapp', 'user', {
    body: createConnectionSchema,
    handler: async ({ auth, body }) => json(await createConnection(auth, body), 201),
  }),
  route('GET /whatsapp/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await getConnectionFor(auth, params.id)),
  }),
  route('PUT /whatsapp/{id}', 'user', {
    params: byId,
    body: updateConnectionSchema,
    handler: async ({ auth, params, body }) => json(await updateConnection(auth, params.id, body)),
  }),
  route('DELETE /whatsapp/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => {
      await deleteConnection(auth, params.id);
      return noContent();
    },
  }),
  route('POST /whatsappsession/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await startSession(auth, params.id)),
  }),
  route('PUT /whatsappsession/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await requestNewQr(auth, params.id)),
  }),
  route('DELETE /whatsappsession/{id}', 'user', {
    params: byId,
    handler: async ({ auth, params }) => json(await disconnectSession(auth, params.id)),
  }),
  route('POST /restartpm2', 'super', {
    handler: async ({ auth }) => json(await restartSessionHosts(auth)),
  }),
  route('POST /facebook', 'user', {
    body: facebookConnectSchema,
    handler: async ({ auth, body }) => connectFacebook(auth, body.addInstagram === true || body.addInstagram === 'true'),
  }),
]);
