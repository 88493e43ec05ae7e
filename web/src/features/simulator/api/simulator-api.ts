import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SimConnectionView, SimContact, SimMediaView, SimMessageView } from '@atende/shared';
import { apiGet, refreshSession } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { getRuntimeConfig } from '@/lib/config';

/**
 * Client of the session host's simulator control API (docs/simulator-api.md), reached on
 * the console's own origin under /simulator-api (local mode only). It is not the platform
 * API (its own error shape), so it gets its own tiny fetcher; it carries the console's
 * session (bearer token, refreshed once on a 401) and sends every write as JSON.
 */
export type { SimAck, SimContact } from '@atende/shared';
export type SimConnection = SimConnectionView;
export type SimMedia = SimMediaView;
export type SimMessage = SimMessageView;

export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export function simulatorBaseUrl(): string {
  const { simulatorUrl } = getRuntimeConfig();
  return simulatorUrl ?? `${window.location.origin}/simulator-api`;
}

/** Media URLs in answers are relative to the control API (`/media?key=…`). */
export function simulatorMediaUrl(relative: string): string {
  return `${simulatorBaseUrl()}${relative}`;
}

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, retried = false): Promise<T> {
  const { token } = sessionStore.get();
  let response: Response;
  try {
    response = await fetch(`${simulatorBaseUrl()}${path}`, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      cache: 'no-store',
    });
  } catch (error) {
    throw new SimulatorError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
  if (response.status === 401 && !retried) {
    await refreshSession(); // the access token expired: refresh once (a failed refresh ends the session)
    return call<T>(method, path, body, true);
  }
  const text = await response.text();
  const parsed = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    const { error, message } = (parsed ?? {}) as { error?: string; message?: string };
    throw new SimulatorError(response.status, error ?? `HTTP_${response.status}`, message ?? error ?? response.statusText);
  }
  return parsed as T;
}

const enc = encodeURIComponent;

export const simulatorKeys = {
  all: ['simulator'] as const,
  connections: () => [...simulatorKeys.all, 'connections'] as const,
  contacts: (connectionId: string) => [...simulatorKeys.all, 'contacts', connectionId] as const,
  conversation: (connectionId: string, number: string) =>
    [...simulatorKeys.all, 'conversation', connectionId, number] as const,
};

/** The doc says lists are small and meant to be polled every 1–2 s. */
export const SIMULATOR_POLL_MS = 1000;

export const simConnectionsQuery = () =>
  queryOptions({
    queryKey: simulatorKeys.connections(),
    queryFn: () => call<{ connections: SimConnection[] }>('GET', '/connections').then((a) => a.connections),
    refetchInterval: SIMULATOR_POLL_MS,
    retry: false,
  });

export function useSimConnections() {
  return useQuery(simConnectionsQuery());
}

export function useSimContacts(connectionId: string | null) {
  return useQuery({
    queryKey: simulatorKeys.contacts(connectionId ?? ''),
    queryFn: () =>
      call<{ contacts: SimContact[] }>('GET', `/connections/${enc(connectionId!)}/contacts`).then((a) => a.contacts),
    enabled: connectionId !== null,
    refetchInterval: SIMULATOR_POLL_MS * 2,
    retry: false,
  });
}

export function useSimConversation(connectionId: string | null, number: string | null) {
  return useQuery({
    queryKey: simulatorKeys.conversation(connectionId ?? '', number ?? ''),
    queryFn: () =>
      call<{ contact: SimContact; messages: SimMessage[] }>(
        'GET',
        `/connections/${enc(connectionId!)}/contacts/${enc(number!)}/messages`,
      ),
    enabled: connectionId !== null && number !== null,
    refetchInterval: SIMULATOR_POLL_MS,
    retry: false,
  });
}

export type PhoneAction = 'scan' | 'drop' | 'restore' | 'logout-from-phone';

/** The business phone: scan the QR, drop / restore the network, remove the linked device. */
export function usePhoneAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, action, number }: { connectionId: string; action: PhoneAction; number?: string }) =>
      call<{ connection: SimConnection }>(
        'POST',
        `/connections/${enc(connectionId)}/${action}`,
        action === 'scan' && number ? { number } : undefined,
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}

/** Types on the simulated business phone the pairing code the console shows. */
export function useEnterPairingCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, code }: { connectionId: string; code: string }) =>
      call<{ connection: SimConnection }>('POST', `/connections/${enc(connectionId)}/pairing-code`, { code }),
    onSuccess: () => void client.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}

/** WhatsApp restricts (or lifts the restriction on) the account: the business's sends are refused. */
export function useSetRestriction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ connectionId, restricted }: { connectionId: string; restricted: boolean }) =>
      call<{ connection: SimConnection }>('POST', `/connections/${enc(connectionId)}/restriction`, { restricted }),
    onSuccess: () => void client.invalidateQueries({ queryKey: simulatorKeys.connections() }),
  });
}

export function useCreateSimContact(connectionId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; number: string; lidOnly?: boolean }) =>
      call<{ contact: SimContact }>('POST', `/connections/${enc(connectionId!)}/contacts`, input).then((a) => a.contact),
    onSuccess: () => void client.invalidateQueries({ queryKey: simulatorKeys.contacts(connectionId ?? '') }),
  });
}

export interface OutgoingMedia {
  fileName: string;
  mimetype: string;
  base64: string;
  voiceNote?: boolean;
  /** The size the file claims (a stand-in for a file too large to upload to the simulator). */
  sizeBytes?: number;
}

export function useSendAsCustomer(connectionId: string | null, number: string | null) {
  const client = useQueryClient();
  const key = simulatorKeys.conversation(connectionId ?? '', number ?? '');
  return useMutation({
    mutationFn: (input: { text?: string; media?: OutgoingMedia; quotedId?: string }) =>
      call<{ message: SimMessage }>(
        'POST',
        `/connections/${enc(connectionId!)}/contacts/${enc(number!)}/messages`,
        input,
      ).then((a) => a.message),
    // Show the bubble at once; the poll brings the acks.
    onSuccess: (message) => {
      client.setQueryData<{ contact: SimContact; messages: SimMessage[] }>(key, (old) =>
        old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
      );
      void client.invalidateQueries({ queryKey: simulatorKeys.contacts(connectionId ?? '') });
    },
  });
}

/** Read a picked file as the base64 the control API wants (no data: prefix). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The simulator only knows connection ids; the platform knows their names. A plain read of
 * the platform's list (not the connections feature's cache: features do not import each
 * other), best effort.
 */
export function usePlatformConnectionNames() {
  return useQuery({
    queryKey: [...simulatorKeys.all, 'names'] as const,
    queryFn: async () => {
      const list = await apiGet<{ id: string; name: string }[]>('/whatsapp', { session: 0 });
      return Object.fromEntries(list.map((c) => [c.id, c.name])) as Record<string, string>;
    },
    refetchInterval: 5000,
    retry: false,
  });
}

/** The customer edits or deletes (for everyone) one of their own messages. */
export function useCustomerMessageAction(connectionId: string | null, number: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: string; text?: string }) => {
      const base = `/connections/${enc(connectionId!)}/contacts/${enc(number!)}/messages/${enc(messageId)}`;
      return text === undefined
        ? call<{ message: SimMessage }>('DELETE', base)
        : call<{ message: SimMessage }>('POST', `${base}/edit`, { text });
    },
    onSuccess: () =>
      void client.invalidateQueries({ queryKey: simulatorKeys.conversation(connectionId ?? '', number ?? '') }),
  });
}
