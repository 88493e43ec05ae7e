/**
 * The external send API (spec part 3 §7 "External send API", §5 "Messages API tester"; issue 27
 * item 4): `POST {host}/api/messages/send` with a connection's bearer token, JSON `{number, body}` or
 * multipart `{number, body, medias}`. Used by the API (validation, OpenAPI document) and by the
 * /apidocs page's test forms.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as z from '../zod';
import { MAX_MEDIA_FILES } from './attachment-rules';

/** Where integrators call it: the console's API base (`/api`) plus the manifest path. */
export const EXTERNAL_SEND_URL_PATH = '/api/messages/send';
export const EXTERNAL_OPENAPI_URL_PATH = '/api/openapi.json';
/**
 * Largest request accepted (413 above it). A multipart body reaches the Lambda base64-encoded inside
 * its 6 MB synchronous payload, so 4 MB is what fits.
 */
export const EXTERNAL_SEND_MAX_BYTES = 4 * 1024 * 1024;
export const EXTERNAL_SEND_TEXT_MAX = 4096;
/** Per token (connection): at most `requests` calls per fixed window of `windowSeconds` (429 above it). */
export const EXTERNAL_SEND_RATE_LIMIT = { requests: 60, windowSeconds: 60 } as const;
/** How long an `Idempotency-Key` is remembered. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 3600;
export const IDEMPOTENCY_KEY_MAX = 128;
export const EXTERNAL_MEDIA_FIELD = 'medias';

/** Message keys of the tester's rules (`validation.externalApi.*` in the console's locales). */
export const EXTERNAL_API_MSG = {
  invalidNumber: 'validation.externalApi.invalidNumber',
} as const;

/** Digits only (no mask), 8 to 15 of them as E.164 allows, an optional leading `+`. */
const NUMBER_SHAPE = /^\+?\d{8,15}$/;

/**
 * A number as the spec words it ("country code + area code + number", no mask; a leading `+` is
 * tolerated) in E.164 (`+5511987654321`), or undefined when it is not a valid phone number.
 */
export function normalisePhoneNumber(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!NUMBER_SHAPE.test(trimmed)) return undefined;
  const parsed = parsePhoneNumberFromString(`+${trimmed.replace(/^\+/, '')}`);
  return parsed?.isValid() ? parsed.number : undefined;
}

const numberSchema = z.string({ error: 'validation.required' }).check(
  z.trim(),
  z.minLength(1, 'validation.required'),
  z.regex(NUMBER_SHAPE, EXTERNAL_API_MSG.invalidNumber),
  z.refine((value: string) => normalisePhoneNumber(value) !== undefined, EXTERNAL_API_MSG.invalidNumber),
);

/** JSON body: text is required. */
export const externalSendSchema = z.object({
  number: numberSchema,
  body: z
    .string({ error: 'validation.required' })
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(EXTERNAL_SEND_TEXT_MAX, 'validation.tooLong')),
});
export type ExternalSendInput = z.output<typeof externalSendSchema>;

/** Multipart fields besides the files: the text is the optional caption sent before them. */
export const externalSendMediaSchema = z.object({
  number: numberSchema,
  body: z.optional(z.string().check(z.trim(), z.maxLength(EXTERNAL_SEND_TEXT_MAX, 'validation.tooLong'))),
});

/** The console's test forms: the token too (spec: token, number and body are required). */
export const externalSendTesterSchema = z.object({
  token: z.string({ error: 'validation.required' }).check(z.trim(), z.minLength(1, 'validation.required')),
  number: numberSchema,
  body: z
    .string({ error: 'validation.required' })
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(EXTERNAL_SEND_TEXT_MAX, 'validation.tooLong')),
});
export type ExternalSendTesterInput = z.output<typeof externalSendTesterSchema>;
/** The media test form: the text is the optional caption (the file is checked by the form). */
export const externalSendMediaTesterSchema = z.object({
  token: externalSendTesterSchema.shape.token,
  number: numberSchema,
  body: z.optional(z.string().check(z.trim(), z.maxLength(EXTERNAL_SEND_TEXT_MAX, 'validation.tooLong'))),
});
export type ExternalSendMediaTesterInput = z.output<typeof externalSendMediaTesterSchema>;

/** The answer (201; a retry with the same `Idempotency-Key` gets the first answer again). */
export const externalSendAnswerSchema = z.object({
  /** The number as sent to, E.164. */
  number: z.string(),
  contactId: z.string(),
  ticketId: z.string(),
  /** The messages recorded: the text first (if any), then one per file. */
  messageIds: z.array(z.string()).check(z.maxLength(MAX_MEDIA_FILES + 1)),
});
export type ExternalSendAnswer = z.output<typeof externalSendAnswerSchema>;

export const externalApiErrorSchema = z.object({
  error: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
