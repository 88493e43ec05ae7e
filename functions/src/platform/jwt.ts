import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type Profile } from '@atende/shared';
import { AppError } from './app-error';

/** Claims carried by the access token (ARCHITECTURE.md "Auth"). */
export interface AccessClaims {
  userId: string;
  companyId: string;
  profile: Profile;
  super: boolean;
  /** The user's `tokenVersion` when the token was issued (claim `tv`; absent = 0). */
  tokenVersion?: number;
}

let secretPromise: Promise<Uint8Array> | undefined;

/** JWT_SECRET locally; JWT_SECRET_ARN (Secrets Manager) in AWS, fetched once per cold start. */
function signingKey(): Promise<Uint8Array> {
  secretPromise ??= (async () => {
    if (process.env.JWT_SECRET) return new TextEncoder().encode(process.env.JWT_SECRET);
    const arn = process.env.JWT_SECRET_ARN;
    if (!arn) throw new Error('JWT_SECRET or JWT_SECRET_ARN must be set');
    const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    if (!out.SecretString) throw new Error('JWT secret is empty');
    return new TextEncoder().encode(out.SecretString);
  })();
  return secretPromise;
}

export function resetSigningKey(): void {
  secretPromise = undefined;
}

export async function signAccessToken(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ cid: claims.companyId, prf: claims.profile, sup: claims.super, tv: claims.tokenVersion ?? 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(await signingKey());
}

/** Expired → 403 ERR_SESSION_EXPIRED (the client refreshes and retries); anything else invalid → 401. */
export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') throw new Error('claims');
    return {
      userId: payload.sub,
      companyId: payload.cid,
      profile: payload.prf as Profile,
      super: payload.sup === true,
      tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0,
    };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError('ERR_SESSION_EXPIRED', 403);
    throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  }
}

export function bearerToken(headers: Record<string, string | undefined> | null | undefined): string | undefined {
  const raw = headerValue(headers, 'authorization');
  const match = raw?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

export function headerValue(
  headers: Record<string, string | undefined> | null | undefined,
  name: string,
): string | undefined {
  if (!headers) return undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return v ?? undefined;
  return undefined;
}
