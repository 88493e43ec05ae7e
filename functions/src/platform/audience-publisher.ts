/**
 * THE one place ticket-workspace events are published (`publishToAudience(companyId, channel, data,
 * audience)`). The audience (shared/src/realtime.ts) says who may receive the event; this module
 * turns it into a socket filter with the one policy (`maySeeTicket`, `isAdmin`).
 *
 * Interim implementation until the typed fan-out (`publish(companyId, channel, data, audience)` +
 * fan-out queue) lands: it filters the company's sockets here, loading the operators' queues with
 * one BatchGet. `ticketViewers` has no room membership yet, so it goes to whoever may see that
 * ticket. Switching to the fan-out is a change to this file only.
 */
import { isAdmin, maySeeTicket, policySettings, type Audience, type Viewer } from '@atende/shared';
import { listSettings } from '../data/settings';
import { getTicket } from '../data/tickets';
import { getUsers } from '../data/users';
import { listCompanyWsConnections, type WsConnection } from '../data/ws-connections';
import { logger } from './logger';
import { publishToCompany } from './realtime-publisher';

export async function publishToAudience<T extends { action: string }>(
  companyId: string, channel: string, data: T, audience: Audience,
): Promise<void> {
  try {
    if (!process.env.WS_MANAGEMENT_ENDPOINT) return; // no WebSocket API wired (unit tests, scripts)
    const filter = await socketFilter(companyId, audience);
    if (filter) await publishToCompany(companyId, channel, data, filter);
  } catch (err) {
    logger.error('realtime audience publish failed', { err, companyId, channel });
  }
}

type Filter = (socket: WsConnection) => boolean;

async function socketFilter(companyId: string, audience: Audience): Promise<Filter | undefined> {
  switch (audience.kind) {
    case 'company':
      return () => true;
    case 'admins':
      return (s) => isAdmin(s);
    case 'user':
      return (s) => s.userId === audience.userId;
    case 'tickets':
      return ticketsFilter(companyId, { queueId: audience.queueId, userId: audience.userId });
    case 'ticketViewers': {
      const ticket = await getTicket(companyId, audience.ticketId);
      return ticket ? ticketsFilter(companyId, ticket) : undefined;
    }
  }
}

async function ticketsFilter(companyId: string, ticket: { queueId: string | null; userId: string | null }): Promise<Filter> {
  const sockets = await listCompanyWsConnections(companyId);
  const operators = [...new Set(sockets.filter((s) => !isAdmin(s)).map((s) => s.userId))];
  if (!operators.length) return (s) => isAdmin(s);
  const [users, settings] = await Promise.all([getUsers(companyId, operators), listSettings(companyId)]);
  const queues = new Map(users.map((u) => [u.id, u.queueIds]));
  const policy = policySettings(settings);
  return (s) => {
    const viewer: Viewer = { userId: s.userId, companyId, profile: s.profile, super: s.super, queueIds: queues.get(s.userId) ?? [] };
    return maySeeTicket(viewer, ticket, policy);
  };
}
