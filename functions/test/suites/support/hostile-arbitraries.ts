/**
 * fast-check generators for hostile requests: wrong types, huge strings, deep nesting, prototype keys,
 * invalid JSON, wrong content types, key-like strings with `#`, and forged access tokens.
 */
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { Tenant } from './world';

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"name":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

/** Field names the routes read, prototype keys, and key-like names. */
const FIELD_NAMES = [
  'name',
  'email',
  'password',
  'profile',
  'status',
  'super',
  'queueIds',
  'companyId',
  'token',
  'isDefault',
  'drawerMenuOpen',
  'addInstagram',
  'channel',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'transferQueueId',
  'timeToTransfer',
  'provider',
  'queues',
  'cursor',
  'limit',
  'pageNumber',
  'searchParam',
  'session',
  'id',
  'userId',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'PK',
  'SK',
  'C#x#USER',
];

export function hostileStrings(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.ulid(),
    fc.constantFrom(...ids),
    fc.constantFrom(
      '',
      ' ',
      '__proto__',
      'constructor',
      'toString',
      'C#other#USER',
      'P#EMAIL#a@b.c',
      '#',
      '##',
      'a#b#c',
      '%',
      '%E0%A4%A',
      '50%off',
      '\u0000',
      '\uD800',
      '../../etc/passwd',
      "' OR 1=1 --",
      '{"$gt":""}',
      'null',
      'true',
      '-1',
      '1e400',
      'NaN',
      '0x10',
      '9'.repeat(400),
      'admin',
      'ADMIN',
      'super',
      'a@b',
      'x@y.z',
      '<script>alert(1)</script>',
    ),
    fc.constant('x'.repeat(100_000)),
    fc.constant('#'.repeat(5_000)),
    fc.constant('é'.repeat(20_000)),
  );
}

/** Any JSON value a field might receive instead of the right one. */
export function hostileValues(ids: string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    hostileStrings(ids),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(Number.MAX_SAFE_INTEGER * 1e10),
  );
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), leaf, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

/** A JSON object with some of the routes' field names (and prototype keys) set to hostile values, as raw text. */
function hostileObjectText(ids: string[]): fc.Arbitrary<string> {
  return (
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), hostileValues(ids)), {
        maxLength: 8,
      })
      // Built as text so `__proto__` arrives as a key of the JSON, as an attacker would send it.
      .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`)
  );
}

/** A request body: absent, a hostile object, any JSON, or text that is not JSON at all. */
export function hostileBodies(ids: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: hostileObjectText(ids) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.constantFrom(
          '{',
          '{"name":',
          'undefined',
          "{'name':'x'}",
          '{"a":1,}',
          'NaN',
          '\u0000',
          '{"__proto__":{"isAdmin":true},"name":"x"}',
          '{"constructor":{"prototype":{"polluted":true}}}',
          deepArray(20_000),
          deepObject(2_000),
          `"${'x'.repeat(1_100_000)}"`,
        ),
        fc.string({ maxLength: 60 }),
      ),
    },
  );
}

export const contentTypes = fc.oneof(
  fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    '*/*',
    '',
  ),
  fc.string({ maxLength: 30 }),
);

export function hostileCookies(strings: fc.Arbitrary<string>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'promo=50%off',
      'jrt=%E0%A4%A',
      '__proto__=1; constructor=2',
      'jrt=a.b.c',
      'jrt=',
      '=; ;=;',
      'jrt="quoted"',
      'a=1; a=2; jrt=x.y.z',
    ),
    strings.map((s) => `jrt=${s}`),
    strings,
  );
}

export interface TokenChoice {
  label: string;
  token?: string;
  forged: boolean;
}

/**
 * Forged access tokens: `alg: none`, the wrong key, an algorithm the API does not accept, expired,
 * another company's claims under a wrong key, and a real token whose payload was edited.
 */
export async function forgedTokens(a: Tenant, b: Tenant, expired: string): Promise<TokenChoice[]> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { cid: a.companyId, prf: 'admin', sup: true, tv: 0 };
  const wrongKey = new TextEncoder().encode('not-the-server-secret-but-long-enough-0123456789');
  const signWith = (alg: string, key: Uint8Array, payload: Record<string, unknown>, sub: string) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg })
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
  const [header, , signature] = a.operator.token.split('.');
  const editedPayload = Buffer.from(
    JSON.stringify({ sub: a.operator.user.id, ...claims, iat: now, exp: now + 600 }),
  ).toString('base64url');
  const rightKey = new TextEncoder().encode(process.env.JWT_SECRET!);
  return [
    {
      label: 'alg none',
      token: new UnsecuredJWT(claims)
        .setSubject(a.admin.user.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .encode(),
      forged: true,
    },
    { label: 'wrong key', token: await signWith('HS256', wrongKey, claims, a.admin.user.id), forged: true },
    { label: 'HS512 with the right key', token: await signWith('HS512', rightKey, claims, a.admin.user.id), forged: true },
    { label: 'expired', token: expired, forged: true },
    {
      label: "other company's claims, wrong key",
      token: await signWith('HS256', wrongKey, { ...claims, cid: b.companyId }, a.admin.user.id),
      forged: true,
    },
    { label: 'edited payload', token: `${header}.${editedPayload}.${signature}`, forged: true },
    { label: 'signature stripped', token: `${header}.${editedPayload}.`, forged: true },
  ];
}
