import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConnectionDto, ConnectionFormOutput } from '@atende/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

/** A connection as `GET /whatsapp` returns it (spec part 2 §3); the type lives with the shared schema. */
export type Connection = ConnectionDto;

/** What POST /whatsapp and PUT /whatsapp/{id} take: the form fields plus queueIds (spec part 2 §7). */
export type ConnectionPayload = ConnectionFormOutput;

/** Hierarchical keys (TkDodo, "Effective React Query Keys"): invalidating `all` refreshes every view. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: () => [...connectionKeys.all, 'list'] as const,
  detail: (id: string) => [...connectionKeys.all, 'detail', id] as const,
};

export const fetchConnections = () => apiGet<Connection[]>('/whatsapp', { session: 0 });
export const fetchConnection = (id: string) => apiGet<Connection>(`/whatsapp/${id}`, { session: 0 });

export const connectionsQuery = () =>
  queryOptions({ queryKey: connectionKeys.list(), queryFn: fetchConnections, staleTime: 60_000 });

export const connectionQuery = (id: string) =>
  queryOptions({ queryKey: connectionKeys.detail(id), queryFn: () => fetchConnection(id) });

export function useConnections() {
  return useQuery(connectionsQuery());
}

export function useConnection(id: string | null) {
  return useQuery({ ...connectionQuery(id ?? ''), enabled: id !== null });
}

// ------------------------------------------------------------------ cache patching

/** Upsert one connection into the list and its detail entry: used by mutations and live events alike. */
export function upsertConnectionInCache(client: QueryClient, patch: Partial<Connection> & { id: string }): void {
  client.setQueryData<Connection[]>(connectionKeys.list(), (list) => {
    if (!list) return list;
    const index = list.findIndex((c) => c.id === patch.id);
    if (index === -1) return isComplete(patch) ? [...list, patch] : list;
    const next = [...list];
    next[index] = { ...next[index]!, ...patch };
    return next;
  });
  client.setQueryData<Connection>(connectionKeys.detail(patch.id), (old) => (old ? { ...old, ...patch } : old));
}

/**
 * A live event's upsert. A fetch of the list or of the connection that is in flight may have read
 * the server before this event's change and would overwrite the patch when it lands (a new
 * connection's first QR comes ~0.2 s after the create, while the QR dialog's first fetch is out):
 * such a fetch is restarted, so the cache ends on the server's latest state.
 */
export function upsertLiveConnection(client: QueryClient, patch: Partial<Connection> & { id: string }): void {
  upsertConnectionInCache(client, patch);
  for (const queryKey of [connectionKeys.list(), connectionKeys.detail(patch.id)]) {
    if (!client.isFetching({ queryKey, exact: true })) continue;
    // Cancelled first: react-query joins a first fetch (no data yet) instead of restarting it.
    void client.cancelQueries({ queryKey, exact: true }).then(() => client.invalidateQueries({ queryKey, exact: true }));
  }
}

export function removeConnectionFromCache(client: QueryClient, id: string): void {
  client.setQueryData<Connection[]>(connectionKeys.list(), (list) => list?.filter((c) => c.id !== id));
  client.removeQueries({ queryKey: connectionKeys.detail(id) });
}

/** A partial session update for a connection we have never seen cannot be shown as a row. */
function isComplete(patch: Partial<Connection>): patch is Connection {
  return typeof patch.name === 'string' && typeof patch.status === 'string' && typeof patch.channel === 'string';
}

// ------------------------------------------------------------------ mutations

export function useSaveConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: ConnectionPayload }) =>
      id ? apiPut<Connection>(`/whatsapp/${id}`, payload) : apiPost<Connection>('/whatsapp', payload),
    onSuccess: (saved) => {
      if (saved?.id) upsertConnectionInCache(client, saved);
      // A new default flag changes other rows too.
      void client.invalidateQueries({ queryKey: connectionKeys.list() });
    },
  });
}

export function useDeleteConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(`/whatsapp/${id}`),
    onSuccess: (_void, id) => removeConnectionFromCache(client, id),
  });
}

export type SessionCommand = 'retry' | 'newQr' | 'disconnect';

const SESSION_CALLS: Record<SessionCommand, (id: string) => Promise<unknown>> = {
  retry: (id) => apiPost(`/whatsappsession/${id}`),
  newQr: (id) => apiPut(`/whatsappsession/${id}`),
  disconnect: (id) => apiDelete(`/whatsappsession/${id}`),
};

/** Retry / new QR / disconnect. The status change itself arrives as a live event. */
export function useSessionCommand() {
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: SessionCommand }) => SESSION_CALLS[command](id),
  });
}

export function useRestartService() {
  return useMutation({ mutationFn: () => apiPost<{ result?: unknown }>('/restartpm2') });
}

export function useAddFacebookPage() {
  return useMutation({
    mutationFn: (body: { facebookUserId?: string; facebookUserToken?: string; addInstagram?: boolean }) =>
      apiPost<{ message?: string }>('/facebook', body),
  });
}
