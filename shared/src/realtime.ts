/** Realtime channel names (spec part 1 §4, part 2 §7). Every channel is scoped to one company. */
export const realtimeChannel = {
  whatsapp: (companyId: string) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: string) => `company-${companyId}-whatsappSession`,
  user: (companyId: string) => `company-${companyId}-user`,
  auth: (companyId: string) => `company-${companyId}-auth`,
  companyChanged: (companyId: string) => `company-${companyId}-changed`,
  appMessage: (companyId: string) => `company-${companyId}-appMessage`,
  contact: (companyId: string) => `company-${companyId}-contact`,
} as const;

/** What travels over the WebSocket: one envelope, the channel name plus the payload. */
export interface RealtimeEnvelope<T = unknown> {
  channel: string;
  data: T & { action: string };
}
