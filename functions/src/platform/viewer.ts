/**
 * The API's side of the one authorization policy (`@atende/shared`'s policy functions): who is
 * acting, read from the verified token. Domain code asks the shared rules with this viewer and never
 * re-implements a rule (decisions.md, "Structure").
 */
import type { Viewer } from '@atende/shared';
import type { AccessClaims } from './jwt';

export const viewerFromClaims = (auth: AccessClaims, queueIds?: readonly string[]): Viewer => ({
  userId: auth.userId,
  companyId: auth.companyId,
  profile: auth.profile,
  super: auth.super,
  ...(queueIds ? { queueIds } : {}),
});
