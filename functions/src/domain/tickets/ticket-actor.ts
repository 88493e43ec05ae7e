/**
 * Who is acting on tickets: the verified token plus the user's queues (policy `Viewer`) and the
 * company's settings. Every rule is then a call into shared/src/policy/tickets.ts.
 */
import { maySeeTicket, type PolicySettings, type Viewer } from '@atende/shared';
import { getTicket, type TicketRecord } from '../../data/tickets';
import { getUser } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { ticketSettings } from './ticket-settings';
import type { AccessClaims } from '../../platform/jwt';

export interface TicketActor {
  viewer: Viewer;
  settings: PolicySettings;
  name: string;
}

export async function ticketActor(auth: AccessClaims): Promise<TicketActor> {
  // Settings through the 5-second cache the inbound path uses; the user (queues) is read every time.
  const [user, settings] = await Promise.all([getUser(auth.companyId, auth.userId), ticketSettings(auth.companyId)]);
  if (!user) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  return {
    viewer: {
      userId: auth.userId,
      companyId: auth.companyId,
      profile: auth.profile,
      super: auth.super,
      queueIds: user.queueIds ?? [],
    },
    settings: settings.policy,
    name: user.name,
  };
}

export const accessDenied = () => new AppError('ERR_NO_PERMISSION', 403);

/** The ticket, if it exists in the caller's company and the caller may see it ('Acesso não permitido' otherwise). */
export async function visibleTicket(actor: TicketActor, ticketId: string): Promise<TicketRecord> {
  return seenBy(actor, await getTicket(actor.viewer.companyId, ticketId));
}

/** The ticket read, if the caller may see it (ERR_NO_TICKET_FOUND when there is none). */
export function seenBy(actor: TicketActor, ticket: TicketRecord | undefined): TicketRecord {
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404);
  if (!maySeeTicket(actor.viewer, ticket, actor.settings)) throw accessDenied();
  return ticket;
}
