/** Realtime channel names (spec part 1 §4, part 2 §7). Every channel is scoped to one company. */
export const realtimeChannel = {
  whatsapp: (companyId: string) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: string) => `company-${companyId}-whatsappSession`,
  user: (companyId: string) => `company-${companyId}-user`,
  auth: (companyId: string) => `company-${companyId}-auth`,
  companyChanged: (companyId: string) => `company-${companyId}-changed`,
  appMessage: (companyId: string) => `company-${companyId}-appMessage`,
  contact: (companyId: string) => `company-${companyId}-contact`,
  payment: (companyId: string) => `company-${companyId}-payment`,
  announcement: (companyId: string) => `company-${companyId}-announcement`,
} as const;

/** What travels over the WebSocket: one envelope, the channel name plus the payload. */
export interface RealtimeEnvelope<T = unknown> {
  channel: string;
  data: T & { action: string };
}

/**
 * Who receives an event (ARCHITECTURE.md "Authenticated realtime"). The server filters; the console
 * trusts what arrives. Every event names its audience inside the company it belongs to:
 * - `company`: every socket of the company;
 * - `admins`: admins and super users (`isAdmin` in policy/viewer.ts);
 * - `user`: the sockets of one user;
 * - `tickets`: whoever may see a ticket of this queue/assignee (`maySeeTicket` in policy/tickets.ts);
 * - `ticketViewers`: the sockets that currently show this ticket (they joined its room).
 */
export type Audience =
  | { kind: 'company' }
  | { kind: 'admins' }
  | { kind: 'user'; userId: string }
  | { kind: 'tickets'; queueId: string | null; userId: string | null }
  | { kind: 'ticketViewers'; ticketId: string };
