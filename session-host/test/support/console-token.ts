/** Access tokens as the platform signs them (HS256, claims `sub`, `cid`, `prf`, `sup`), for calls to the simulator control API. */
import { SignJWT } from 'jose';

export const CONSOLE_TOKEN_SECRET = 'control-api-test-secret-0123456789abcdef';

/** An admin's token unless `who` says otherwise. */
export const consoleToken = (
  companyId: string,
  key = CONSOLE_TOKEN_SECRET,
  expiresIn = '10m',
  who: { prf: string; sup: boolean } = { prf: 'admin', sup: false },
) =>
  new SignJWT({ cid: companyId, ...who })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('u-1')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(key));
