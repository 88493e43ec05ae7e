/**
 * Reads an external send request as API Gateway hands it over: JSON `{number, body}` or multipart
 * form data `{number, body, medias}` (files in `medias`, up to MAX_MEDIA_FILES of MAX_MEDIA_BYTES,
 * the kinds the console accepts). Also the request's hash, which an `Idempotency-Key` is stored with.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from '@atende/shared/zod';
import {
  EXTERNAL_MEDIA_FIELD,
  EXTERNAL_SEND_MAX_BYTES,
  externalSendMediaSchema,
  externalSendSchema,
  isAllowedAttachment,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_FILES,
  MESSAGE_MSG,
  normalisePhoneNumber,
} from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { headerValue } from '../../platform/jwt';
import { zodFields } from '../../platform/zod-fields';

export interface SendFile {
  fileName: string;
  mimetype: string;
  bytes: Buffer;
}

export interface SendRequest {
  /** E.164, `+5511987654321`. */
  number: string;
  text: string;
  files: SendFile[];
  /**
   * sha256 of what is sent (number, text, each file's name, type and bytes), not of the raw body: a
   * retried multipart request has a new boundary, a retried JSON one may order its keys differently.
   */
  requestHash: string;
}

const invalidFile = (message: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: { [EXTERNAL_MEDIA_FIELD]: message } });

export async function readSendRequest(
  event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded' | 'headers'>,
): Promise<SendRequest> {
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (raw.length > EXTERNAL_SEND_MAX_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  const contentType = headerValue(event.headers, 'content-type') ?? 'application/json';
  if (/^multipart\/form-data/i.test(contentType)) return withHash(await readMultipart(raw, contentType));

  let input: unknown = {};
  if (raw.length) {
    try {
      input = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('ERR_INVALID_JSON', 400);
    }
  }
  const fields = validate(externalSendSchema, input);
  return withHash({ number: normalisePhoneNumber(fields.number)!, text: fields.body, files: [] });
}

async function readMultipart(raw: Buffer, contentType: string): Promise<Omit<SendRequest, 'requestHash'>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('ERR_VALIDATION', 400, { fields: { _: 'validation.invalid' } });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const fields = validate(externalSendMediaSchema, { number: text('number'), body: text('body') });
  const files: SendFile[] = [];
  for (const entry of form.getAll(EXTERNAL_MEDIA_FIELD)) {
    if (typeof entry === 'string') continue;
    files.push({
      fileName: entry.name || 'file',
      mimetype: entry.type || 'application/octet-stream',
      bytes: Buffer.from(await entry.arrayBuffer()),
    });
  }
  checkFiles(files);
  if (!files.length && !fields.body) throw new AppError('ERR_VALIDATION', 400, { fields: { body: 'validation.required' } });
  return { number: normalisePhoneNumber(fields.number)!, text: fields.body ?? '', files };
}

function withHash(request: Omit<SendRequest, 'requestHash'>): SendRequest {
  const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  const files = request.files.map((f) => ({ fileName: f.fileName, mimetype: f.mimetype, bytes: sha256(f.bytes) }));
  return { ...request, requestHash: sha256(JSON.stringify({ number: request.number, text: request.text, files })) };
}

function checkFiles(files: SendFile[]): void {
  if (files.length > MAX_MEDIA_FILES) throw invalidFile(MESSAGE_MSG.tooMany);
  const names = new Set<string>();
  for (const file of files) {
    if (file.bytes.length > MAX_MEDIA_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
    if (!isAllowedAttachment(file.fileName, file.mimetype)) throw invalidFile(MESSAGE_MSG.blockedType);
    if (names.has(file.fileName)) throw invalidFile(MESSAGE_MSG.duplicateName);
    names.add(file.fileName);
  }
}

function validate<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw new AppError('ERR_VALIDATION', 400, zodFields(parsed.error));
  return parsed.data;
}
