/**
 * Who may drive the simulator control API (issue 8 item 7). It listens on 127.0.0.1 only, but every
 * web page a developer visits can reach 127.0.0.1, and every process on the machine can too. So:
 *   - Host must be a loopback name (a DNS-rebinding page arrives with its own host name);
 *   - a browser request must be same-origin: `Sec-Fetch-Site` same-origin/none, and an `Origin`, when
 *     sent, on a loopback host (the console is served by the local gateway on 127.0.0.1/localhost);
 *   - writes must be `application/json` (a page cannot send that cross-origin without a preflight,
 *     which this API never answers);
 *   - every call but /health and signed /media links carries the console's session: a bearer access
 *     token of a signed-in user, verified with the platform's JWT secret; the caller sees and drives
 *     only its own company's phones;
 *   - and that user is an admin (or a super user): the simulator disconnects and restricts the
 *     company's connections, an admin's tool, as the console's menu and route say (issue 30 item 14).
 */
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isAdmin, type Profile } from '@atende/shared';
import { jwtVerify } from 'jose';

export class GuardError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK_HOST = /^(localhost|[\w-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

export const isLoopbackHost = (host: string | undefined): boolean => !!host && LOOPBACK_HOST.test(host.trim());

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.host);
  } catch {
    return false;
  }
}

/** Host, same-origin and content-type checks; throws GuardError. */
export function assertLocalSameOrigin(req: IncomingMessage): void {
  if (!isLoopbackHost(req.headers.host)) throw new GuardError(403, 'FORBIDDEN', 'host not allowed');
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new GuardError(403, 'FORBIDDEN', 'cross-site request');
  const origin = req.headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) throw new GuardError(403, 'FORBIDDEN', 'cross-origin request');
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') throw new GuardError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send application/json');
  }
}

export interface ConsoleViewer {
  userId: string;
  companyId: string;
}

/**
 * The signed-in console admin of the request (`Authorization: Bearer <access token>`): 401 without a
 * valid session, 403 for a user who is not an admin (claims `prf`, `sup`, as the platform signs them).
 */
export async function consoleViewer(req: IncomingMessage, secret: string | undefined): Promise<ConsoleViewer> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match || !secret) throw new GuardError(401, 'UNAUTHORIZED', 'sign in to the console first');
  const token = match[1]!;
  const known = verified.get(token);
  if (known && known.expiresAt > Date.now() && known.secret === secret) return known.viewer;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] }));
  } catch {
    throw new GuardError(401, 'UNAUTHORIZED', 'session expired or invalid');
  }
  if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string')
    throw new GuardError(401, 'UNAUTHORIZED', 'session expired or invalid');
  if (!isAdmin({ profile: payload.prf as Profile, super: payload.sup === true }))
    throw new GuardError(403, 'FORBIDDEN', 'the WhatsApp simulator is for admins');
  const viewer = { userId: payload.sub, companyId: payload.cid };
  remember(token, { viewer, secret, expiresAt: (payload.exp ?? 0) * 1000 });
  return viewer;
}

/**
 * A console sends the same access token with every call (the bench: 100 a second), so a token once
 * verified is remembered until it expires (tokens are stateless: the API trusts them the same way),
 * and the HMAC key is made once per secret.
 */
const REMEMBERED_TOKENS = 1_000;
const verified = new Map<string, { viewer: ConsoleViewer; secret: string; expiresAt: number }>();
let key: { secret: string; object: KeyObject } | undefined;

function keyOf(secret: string): KeyObject {
  if (key?.secret !== secret) key = { secret, object: createSecretKey(Buffer.from(secret)) };
  return key.object;
}

function remember(token: string, entry: { viewer: ConsoleViewer; secret: string; expiresAt: number }): void {
  if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, entry);
}

/**
 * Media links for <img>/<audio> tags, which cannot send a bearer: `/media?key&exp&sig`, an HMAC with a
 * key of this process, handed out only inside authenticated answers, valid for MEDIA_LINK_SECONDS.
 */
export const MEDIA_LINK_SECONDS = 60 * 60;

export class MediaLinks {
  private readonly key = randomBytes(32);

  link(mediaKey: string, now = Date.now()): string {
    const exp = Math.floor(now / 1000) + MEDIA_LINK_SECONDS;
    return `/media?key=${encodeURIComponent(mediaKey)}&exp=${exp}&sig=${this.sign(mediaKey, exp)}`;
  }

  /** The key of a valid, unexpired link; GuardError otherwise. */
  verify(params: URLSearchParams, now = Date.now()): string {
    const key = params.get('key');
    const exp = Number(params.get('exp'));
    const sig = Buffer.from(params.get('sig') ?? '', 'base64url');
    const expected = key ? Buffer.from(this.sign(key, exp), 'base64url') : Buffer.alloc(0);
    if (
      !key ||
      !Number.isInteger(exp) ||
      exp < now / 1000 ||
      sig.length !== expected.length ||
      !timingSafeEqual(sig, expected)
    ) {
      throw new GuardError(403, 'FORBIDDEN', 'media link invalid or expired');
    }
    return key;
  }

  private sign(mediaKey: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${mediaKey}\n${exp}`).digest('base64url');
  }
}
