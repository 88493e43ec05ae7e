/**
 * The external send API (spec part 3 §7 "External send API"; issue 27 item 4): `POST /api/messages/send`,
 * authenticated by a connection's bearer token instead of an access token, and its OpenAPI document.
 * Served by the messages area (media bucket, outbound queues); no route of its own verifies a JWT.
 */
import { json, route } from '../../platform/http-route';
import { externalSend } from '../../domain/external-api/external-send';
import { openApiDocument } from '../../domain/external-api/openapi-document';

export const externalApiRoutes = [
  route('POST /messages/send', 'public', {
    rawRequest: true,
    handler: async ({ event }) => {
      const { answer, replayed } = await externalSend(event);
      const headers: Record<string, string> = replayed ? { 'Idempotent-Replayed': 'true' } : {};
      return { status: 201, body: answer, headers };
    },
  }),
  // A plain public route: like every other, it refuses a bearer token that does not verify.
  route('GET /openapi.json', 'public', {
    handler: async () => json(openApiDocument()),
  }),
];
