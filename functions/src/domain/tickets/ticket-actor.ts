/**
 * Who is acting on tickets: the verified token plus the user's queues (policy `Viewer`) and the
 * company's settings. Every rule is then a call into shared/src/policy/tickets.ts.
 */
import { maySeeTicket, TICKET_MSG, type PolicySettings, type Viewer } from '@atende/shared';
import { listSettings } from '../../data/settings';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { getUser } from '../../data/users';
import { AppError } from '../../platform/app-error';
import type { AccessClaims } from '../../platform/jwt';
import { policySettings } from '@atende/shared';

export interface TicketActor { viewer: Viewer; settings: PolicySettings; name: string }

export async function ticketActor(auth: AccessClaims): Promise<TicketActor> {
  const [user, settings] = await Promise.all([getUser(auth.companyId, auth.userId), listSettings(auth.companyId)]);
  if (!user) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  return {
    viewer: { userId: auth.userId, companyId: auth.companyId, profile: auth.profile, super: auth.super, queueIds: user.queueIds ?? [] },
    settings: policySettings(settings),
    name: user.name,
  };
}

export const accessDenied = () => new AppError('ERR_NO_PERMISSION', 403, { message: TICKET_MSG.accessDenied });

/** The ticket, if it exists in the caller's company and the caller may see it ('Acesso não permitido' otherwise). */
export async function visibleTicket(actor: TicketActor, ticketId: string): Promise<TicketRecord> {
  const ticket = await getTicket(actor.viewer.companyId, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  if (!maySeeTicket(actor.viewer, ticket, actor.settings)) throw accessDenied();
  return ticket;
}
