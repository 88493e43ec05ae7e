/**
 * Client frames on `$default` (shared `realtimeClientFrameSchema`): a console joins the room of the
 * ticket it shows, so message receipts and other per-ticket events reach only its viewers. A join is
 * judged with the shared policy (`maySeeTicket`, the user's CURRENT queues and profile, the
 * company's userViewTicketsWithoutDepartment): a socket can never join a ticket its user may not see.
 * Pings never get here (answered by API Gateway / the local gateway).
 */
import { maySeeTicket, policySettings, realtimeClientFrameSchema, type RealtimeRoomReply } from '@atende/shared';
import { findWsConnectionCompany, getWsConnection, setViewingTicket } from '../../data/ws-connections';
import { getUser } from '../../data/users';
import { listSettings } from '../../data/settings';
import { loadTicketFacts } from './ticket-facts';

/** Answers one client frame; the reply goes back on the same socket (route response). Unknown frames: no reply. */
export async function answerClientFrame(
  connectionId: string,
  body: string | undefined,
): Promise<RealtimeRoomReply | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
  const frame = realtimeClientFrameSchema.safeParse(json);
  if (!frame.success) return undefined;
  const companyId = await findWsConnectionCompany(connectionId);
  if (!companyId) return undefined;
  if (frame.data.action === 'leaveTicket') {
    await setViewingTicket(companyId, connectionId, null);
    return { channel: 'room', data: { action: 'left' } };
  }
  const { ticketId } = frame.data;
  const refused: RealtimeRoomReply = { channel: 'room', data: { action: 'refused', ticketId } };
  if (!(await mayJoin(companyId, connectionId, ticketId))) {
    await setViewingTicket(companyId, connectionId, null); // a refused join also leaves the previous room
    return refused;
  }
  return (await setViewingTicket(companyId, connectionId, ticketId))
    ? { channel: 'room', data: { action: 'joined', ticketId } }
    : refused;
}

async function mayJoin(companyId: string, connectionId: string, ticketId: string): Promise<boolean> {
  const socket = await getWsConnection(companyId, connectionId);
  if (!socket) return false;
  const [user, ticket, settings] = await Promise.all([
    getUser(companyId, socket.userId),
    loadTicketFacts(companyId, ticketId),
    listSettings(companyId),
  ]);
  if (!user || !user.status || !ticket) return false;
  const viewer = { userId: user.id, companyId, profile: user.profile, super: user.super, queueIds: user.queueIds };
  return maySeeTicket(viewer, ticket, policySettings(settings));
}
