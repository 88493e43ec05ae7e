/**
 * The external send API described as OpenAPI 3.1 (served at `GET /api/openapi.json`), its schemas
 * generated from the very zod schemas the API validates with (`z.toJSONSchema`, JSON Schema 2020-12,
 * which OpenAPI 3.1 uses as is), so the document cannot drift from the code.
 */
import * as z from '@atende/shared/zod';
import {
  EXTERNAL_MEDIA_FIELD,
  EXTERNAL_SEND_MAX_BYTES,
  EXTERNAL_SEND_RATE_LIMIT,
  EXTERNAL_SEND_URL_PATH,
  externalApiErrorSchema,
  externalSendAnswerSchema,
  externalSendMediaSchema,
  externalSendSchema,
  IDEMPOTENCY_KEY_MAX,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_FILES,
} from '@atende/shared';

type JsonSchema = Record<string, unknown>;

/** A component schema: the `$schema` line belongs to documents, not to schemas inside one. */
function schemaOf(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

const errorAnswer = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

let built: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  built ??= {
    openapi: '3.1.0',
    info: {
      title: 'Atende — API de mensagens',
      version: '1.0.0',
      description:
        "Sends WhatsApp messages from another system through one of the company's connections. " +
        "Authenticate with the connection's bearer token (Connections → edit → token; the company needs the API option).",
    },
    servers: [{ url: '/' }],
    security: [{ connectionToken: [] }],
    paths: {
      [EXTERNAL_SEND_URL_PATH]: {
        post: {
          operationId: 'sendMessage',
          summary: 'Send a text, or files with an optional caption, to a number',
          description:
            "The contact is found or created by number and the message goes on its open ticket on the token's connection " +
            '(or a new one). The number is checked with WhatsApp when the message leaves: a number without WhatsApp ' +
            'shows as a failed message on the ticket.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Any printable text up to ' +
                `${IDEMPOTENCY_KEY_MAX} characters. A retry with the same key never sends twice and gets the first answer ` +
                'again (for 24 hours); the same key with a different body is refused with 422.',
              schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/SendText' } },
              'multipart/form-data': {
                schema: {
                  allOf: [
                    { $ref: '#/components/schemas/SendMediaFields' },
                    {
                      type: 'object',
                      properties: {
                        [EXTERNAL_MEDIA_FIELD]: {
                          type: 'array',
                          maxItems: MAX_MEDIA_FILES,
                          items: { type: 'string', contentMediaType: 'application/octet-stream' },
                          description: `Up to ${MAX_MEDIA_FILES} files of ${MAX_MEDIA_BYTES / 1024 / 1024} MB each.`,
                        },
                      },
                    },
                  ],
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Queued for sending.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SendAnswer' } } },
            },
            '400': errorAnswer('Invalid number, body or file (`ERR_VALIDATION`, per-field `fields`).'),
            '401': errorAnswer('Missing or unknown token (`ERR_INVALID_CREDENTIALS`).'),
            '403': errorAnswer('The company is inactive or has no API option.'),
            '413': errorAnswer(`Request over ${EXTERNAL_SEND_MAX_BYTES / 1024 / 1024} MB (\`ERR_PAYLOAD_TOO_LARGE\`).`),
            '422': errorAnswer('Idempotency-Key already used with another body (`ERR_IDEMPOTENCY_KEY_REUSED`).'),
            '429': errorAnswer(
              `Over ${EXTERNAL_SEND_RATE_LIMIT.requests} calls per ${EXTERNAL_SEND_RATE_LIMIT.windowSeconds} s for this token (\`ERR_RATE_LIMITED\`).`,
              { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
            ),
          },
        },
      },
    },
    components: {
      securitySchemes: { connectionToken: { type: 'http', scheme: 'bearer' } },
      schemas: {
        SendText: schemaOf(externalSendSchema, 'input'),
        SendMediaFields: schemaOf(externalSendMediaSchema, 'input'),
        SendAnswer: schemaOf(externalSendAnswerSchema, 'output'),
        Error: schemaOf(externalApiErrorSchema, 'output'),
      },
    },
  };
  return built;
}
