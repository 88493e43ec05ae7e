/** Access tokens as the platform signs them (HS256, claims `sub`, `cid`), for calls to the simulator control API. */
import { SignJWT } from 'jose';

export const CONSOLE_TOKEN_SECRET = 'control-api-test-secret-0123456789abcdef';

export const consoleToken = (companyId: string, key = CONSOLE_TOKEN_SECRET, expiresIn = '10m') =>
  new SignJWT({ cid: companyId, prf: 'admin', sup: false })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('u-1')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(key));
