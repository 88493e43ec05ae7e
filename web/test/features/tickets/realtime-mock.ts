/**
 * A stand-in for `@/lib/realtime` in the workspace's tests: every hook's latest handler per channel
 * kind, called by `emit` as the socket's dispatcher would.
 *
 *   vi.mock('@/lib/realtime', () => import('./realtime-mock'));
 */
import { act } from '@testing-library/react';
import { useRef } from 'react';

const listeners = new Map<string, Map<number, (data: unknown) => void>>();
let hookIds = 0;

export function useRealtime(kind: string, handler: (data: unknown) => void): void {
  const id = useRef(++hookIds).current;
  if (!listeners.has(kind)) listeners.set(kind, new Map());
  listeners.get(kind)!.set(id, handler);
}

export const useTicketRoom = (): void => undefined;

export const emit = (kind: string, data: unknown) => act(() => listeners.get(kind)?.forEach((handler) => handler(data)));
