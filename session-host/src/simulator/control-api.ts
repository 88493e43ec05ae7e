/**
 * Simulator control API — local mode only, JSON over HTTP on 127.0.0.1:$SIMULATOR_PORT. The console
 * reaches it as `/simulator-api/*` (the local gateway strips that prefix). Full contract with types:
 * docs/simulator-api.md. In short:
 *
 *   GET    /health
 *   GET    /connections                                   → { connections: SimConnection[] }
 *   GET    /connections/{id}                              → { connection }
 *   POST   /connections/{id}/scan            { number? }  → { connection }   409 unless showing a QR
 *   POST   /connections/{id}/drop                         → { connection }   network down (platform sees DISCONNECTED)
 *   POST   /connections/{id}/restore                      → { connection }   next reconnect succeeds, no QR
 *   POST   /connections/{id}/logout-from-phone            → { connection }   device unlinked; new QR needed
 *   POST   /connections/{id}/pairing-code { code, number? } → { connection }  400 on a wrong code; 409 unless pairing by code
 *   POST   /connections/{id}/restriction  { restricted }  → { connection }   WhatsApp refuses the business's sends (463)
 *   GET    /connections/{id}/contacts                     → { contacts: SimContact[] }
 *   POST   /connections/{id}/contacts  { name, number, lidOnly? }      → 201|200 { contact }
 *   GET    /connections/{id}/contacts/{number}/messages   → { contact, messages: SimMessage[] }
 *   POST   /connections/{id}/contacts/{number}/messages
 *          { text } | { media: { fileName, mimetype, base64, voiceNote? }, text? }, quotedId?  → 201 { message }
 *   POST   /connections/{id}/contacts/{number}/messages/{messageId}/edit { text }           → { message }
 *   DELETE /connections/{id}/contacts/{number}/messages/{messageId}                         → { message }
 *   POST   /connections/{id}/contacts/{number}/from-phone { text }   → 201 { message }   typed on the business phone
 *   GET    /media?key=<S3 key>&exp=…&sig=…                → the bytes (links come signed inside answers)
 *
 * Every call but /health and signed /media links needs the console's session (`Authorization: Bearer
 * <access token>`) and sees only its company's phones; all calls need a loopback Host, same-origin
 * browser headers and, for writes, `content-type: application/json` (console-guard.ts).
 *
 * Errors: { error: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_LARGE'
 * | 'UNSUPPORTED_MEDIA_TYPE', message }.
 */
import { mediaResponseHeaders, type SimConnectionView, type SimMessageView } from '@atende/shared';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ConnectionStatus } from '@atende/shared';
import { SimulatorError, type SimulatedPhone } from '../adapters/simulator/simulated-phone';
import type { SimulatorWorld } from '../adapters/simulator/simulator-world';
import type { SimMessage } from '../adapters/simulator/simulator-types';
import type { Logger } from '../logger';
import type { MediaStore } from '../media/media-store';
import { assertLocalSameOrigin, consoleViewer, GuardError, MediaLinks, type ConsoleViewer } from './console-guard';

const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface ControlApiDeps {
  world: SimulatorWorld;
  media: MediaStore;
  statusOf(connectionId: string): ConnectionStatus | undefined;
  health(): unknown;
  log: Logger;
  /** The platform's JWT secret, to verify the console's access tokens; without it every guarded call is refused. */
  consoleTokenSecret?: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;
type Reply = { status: number; body: Json } | { status: number; bytes: Buffer; contentType: string; fileName: string };

export function createControlApi(deps: ControlApiDeps): Server {
  const links = new MediaLinks();
  return createServer((req, res) => {
    route(deps, links, req)
      .then((reply) => send(res, reply))
      .catch((err: unknown) => {
        if (err instanceof SimulatorError) {
          const status = { NOT_FOUND: 404, CONFLICT: 409, BAD_REQUEST: 400 }[err.code];
          return send(res, { status, body: { error: err.code, message: err.message } });
        }
        if (err instanceof HttpError || err instanceof GuardError)
          return send(res, { status: err.status, body: { error: err.code, message: err.message } });
        deps.log.error({ err, url: req.url }, 'simulator control API failed');
        send(res, { status: 500, body: { error: 'INTERNAL', message: 'unexpected error' } });
      });
  });
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'malformed path');
  }
};

async function route(deps: ControlApiDeps, links: MediaLinks, req: IncomingMessage): Promise<Reply> {
  assertLocalSameOrigin(req);
  const url = new URL(req.url ?? '/', 'http://simulator');
  const parts = url.pathname.split('/').filter(Boolean).map(safeDecode);
  const method = req.method ?? 'GET';
  const ok = (body: Json, status = 200): Reply => ({ status, body });

  if (method === 'GET' && parts.length === 1 && parts[0] === 'health') return ok({ ok: true, ...(deps.health() as Json) });
  if (method === 'GET' && parts.length === 1 && parts[0] === 'media') return media(deps, links.verify(url.searchParams));
  const viewer = await consoleViewer(req, deps.consoleTokenSecret);
  if (parts[0] !== 'connections') throw new HttpError(404, 'NOT_FOUND', `no route ${method} ${url.pathname}`);
  if (parts.length === 1 && method === 'GET')
    return ok({ connections: ownPhones(deps, viewer).map((p) => connectionView(deps, p)) });

  const phone = deps.world.find(parts[1]!);
  // Another company's phone is as unknown as a missing one.
  if (!phone || phone.companyId !== viewer.companyId)
    throw new HttpError(404, 'NOT_FOUND', `connection ${parts[1]} is not simulated on this host`);
  const messageView = (message: SimMessage) => messageViewOf(message, links);
  const [, , section, number, sub, messageId, action] = parts;
  const view = () => ok({ connection: connectionView(deps, phone) });

  if (parts.length === 2 && method === 'GET') return view();
  if (parts.length === 3 && method === 'POST') {
    switch (section) {
      case 'scan': {
        const body = await readJson(req);
        await phone.scan(optionalString(body, 'number'));
        return view();
      }
      case 'drop':
        phone.drop();
        return view();
      case 'restore':
        phone.restore();
        return view();
      case 'logout-from-phone':
        phone.logoutFromPhone();
        return view();
      case 'pairing-code': {
        const body = await readJson(req);
        await phone.enterPairingCode(requiredString(body, 'code'), optionalString(body, 'number'));
        return view();
      }
      case 'restriction': {
        const body = await readJson(req);
        if (typeof body.restricted !== 'boolean')
          throw new HttpError(400, 'BAD_REQUEST', 'restricted must be true or false');
        phone.setRestricted(body.restricted);
        return view();
      }
    }
  }
  if (section === 'contacts') {
    if (parts.length === 3 && method === 'GET') return ok({ contacts: phone.listContacts() });
    if (parts.length === 3 && method === 'POST') {
      const body = await readJson(req);
      const { contact, created } = phone.upsertContact({
        name: requiredString(body, 'name'),
        number: requiredString(body, 'number'),
        lidOnly: typeof body.lidOnly === 'boolean' ? body.lidOnly : undefined,
      });
      return ok({ contact }, created ? 201 : 200);
    }
    if (parts.length === 5 && sub === 'messages' && method === 'GET') {
      const conversation = phone.conversation(number!);
      return ok({ contact: conversation.contact, messages: conversation.messages.map(messageView) });
    }
    if (parts.length === 5 && sub === 'messages' && method === 'POST') {
      const body = await readJson(req);
      const mediaInput = body.media as Json | undefined;
      const message = await phone.customerSends(number!, {
        text: optionalString(body, 'text'),
        quotedId: optionalString(body, 'quotedId'),
        media: mediaInput
          ? {
              fileName: optionalString(mediaInput, 'fileName'),
              mimetype: requiredString(mediaInput, 'mimetype'),
              base64: requiredString(mediaInput, 'base64'),
              voiceNote: mediaInput.voiceNote === true,
              sizeBytes: optionalSize(mediaInput),
            }
          : undefined,
      });
      return ok({ message: messageView(message) }, 201);
    }
    if (parts.length === 7 && sub === 'messages' && action === 'edit' && method === 'POST') {
      const body = await readJson(req);
      return ok({ message: messageView(phone.customerEdits(number!, messageId!, requiredString(body, 'text'))) });
    }
    if (parts.length === 6 && sub === 'messages' && method === 'DELETE') {
      return ok({ message: messageView(phone.customerDeletes(number!, messageId!)) });
    }
    if (parts.length === 5 && sub === 'from-phone' && method === 'POST') {
      const body = await readJson(req);
      return ok({ message: messageView(phone.typeOnPhone(number!, requiredString(body, 'text'))) }, 201);
    }
  }
  throw new HttpError(404, 'NOT_FOUND', `no route ${method} ${url.pathname}`);
}

const ownPhones = (deps: ControlApiDeps, viewer: ConsoleViewer) =>
  deps.world.list().filter((p) => p.companyId === viewer.companyId);

/** A file some simulated chat shows (the customer's or the business's), under the name it was sent with. */
async function media(deps: ControlApiDeps, key: string): Promise<Reply> {
  const shown = deps.world
    .list()
    .map((phone) => phone.mediaOf(key))
    .find(Boolean);
  if (!shown) throw new HttpError(404, 'NOT_FOUND', 'no such media');
  const object = await deps.media.get(key).catch(() => {
    throw new HttpError(404, 'NOT_FOUND', 'no such media');
  });
  return { status: 200, bytes: object.body, contentType: shown.mimetype || object.mimetype, fileName: shown.displayName };
}

function connectionView(deps: ControlApiDeps, phone: SimulatedPhone): Json {
  const view: SimConnectionView = {
    connectionId: phone.connectionId,
    companyId: phone.companyId,
    status: deps.statusOf(phone.connectionId) ?? (phone.awaitingScan ? 'qrcode' : 'DISCONNECTED'),
    qr: phone.qr,
    number: phone.number,
    networkDropped: phone.networkDropped,
    contacts: phone.listContacts().length,
    pairingCode: phone.pairingCode,
    restricted: phone.restricted,
    maxInboundMediaBytes: deps.world.maxInboundMediaBytes,
  };
  return view as unknown as Json;
}

function messageViewOf(message: SimMessage, links: MediaLinks): Json {
  const { media, ...rest } = message;
  const view: SimMessageView = {
    ...rest,
    media: media
      ? {
          kind: media.kind,
          mimetype: media.mimetype,
          fileName: media.fileName,
          voiceNote: media.voiceNote,
          url: links.link(media.key),
        }
      : null,
  };
  return view as unknown as Json;
}

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'TOO_LARGE', 'body over 20 MB');
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return {};
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Json;
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'body must be a JSON object');
  }
}

function requiredString(body: Json, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new HttpError(400, 'BAD_REQUEST', `${field} is required`);
  return value;
}

function optionalSize(body: Json): number | undefined {
  const value = body.sizeBytes;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new HttpError(400, 'BAD_REQUEST', 'sizeBytes must be a positive integer');
  return value;
}

function optionalString(body: Json, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, 'BAD_REQUEST', `${field} must be a string`);
  return value;
}

function send(res: ServerResponse, reply: Reply): void {
  if ('bytes' in reply) {
    // The customer chose the type: only code-free types inline, the rest as an attachment (shared/media-serving).
    const headers = mediaResponseHeaders(reply.contentType, reply.fileName);
    res.writeHead(reply.status, {
      'content-type': headers.contentType,
      'content-disposition': headers.contentDisposition,
      'x-content-type-options': 'nosniff',
      'content-length': reply.bytes.length,
      'cache-control': 'private, max-age=3600',
    });
    res.end(reply.bytes);
    return;
  }
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
