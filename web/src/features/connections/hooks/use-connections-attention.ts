import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ATTENTION_STATUSES } from '@atende/shared';
import { connectionsQuery } from '../api/connections';
import { useConnectionsLiveSync } from './use-connections-live-sync';

/** The side menu waits this long before judging, so a boot-time OPENING does not flash the badge (spec part 1 §2). */
export const ATTENTION_DELAY_MS = 2000;

/** True when any connection is in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING; follows live events. */
export function useConnectionsAttention(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), ATTENTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useConnectionsLiveSync();
  const { data } = useQuery({ ...connectionsQuery(), enabled: settled });
  return settled && (data ?? []).some((connection) => ATTENTION_STATUSES.includes(connection.status));
}
