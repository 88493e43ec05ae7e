/**
 * The external send API as an integrator calls it with curl (spec part 3 §7 "External send API";
 * issue 27 item 4): `POST {api}/messages/send` with a connection's bearer token, JSON `{number, body}`
 * or multipart `{number, body, medias}`, an optional `Idempotency-Key`. Answers are read, never thrown.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { LocalStack } from '../../infra/local/stack';

export interface ExternalFile {
  name: string;
  mimetype: string;
  bytes: Buffer;
}

export interface ExternalSendCall {
  number: string;
  body?: string;
  /** Present: multipart with the file in `medias`; absent: JSON. */
  file?: ExternalFile;
  idempotencyKey?: string;
}

export interface ExternalAnswer {
  status: number;
  /** The JSON body (the answer, or `{ error, fields? }`). */
  body: Record<string, unknown>;
  /** The `Idempotent-Replayed` header: the first answer given again. */
  replayed: boolean;
  /** The `Retry-After` header of a 429, in seconds. */
  retryAfter?: number;
}

/** `apiUrl`: another way in to the same API (the fault suite's gateway proxy); the stack's own by default. */
export async function externalSend(
  stack: Pick<LocalStack, 'apiUrl'>,
  token: string,
  call: ExternalSendCall,
): Promise<ExternalAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
  let payload: BodyInit;
  if (call.file) {
    const form = new FormData();
    form.set('number', call.number);
    if (call.body !== undefined) form.set('body', call.body);
    form.append('medias', new Blob([new Uint8Array(call.file.bytes)], { type: call.file.mimetype }), call.file.name);
    payload = form;
  } else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify({ number: call.number, body: call.body });
  }
  const response = await fetch(`${stack.apiUrl}/messages/send`, { method: 'POST', headers, body: payload });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    ...(response.headers.has('retry-after') ? { retryAfter: Number(response.headers.get('retry-after')) } : {}),
  };
}

/** A real PNG of one colour (`size` × `size` px): a picture the console and the phone can draw. */
export function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
