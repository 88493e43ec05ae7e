/**
 * The realtime side of a scenario, judged from sockets opened like consoles:
 * - a second tab of the operator (the same sign-in, a second socket): it must carry every message and
 *   the operator's accepts made in the first tab;
 * - sockets outside the audience (another company's user, and a user of the company without access
 *   to the queue): they must carry no frame about the scenario's customers, tickets or messages;
 * - a tab whose socket drops mid-traffic and reconnects: what it catches up with is what the console
 *   does on reconnect — a new socket, then the REST reads — and the two together must hold everything.
 */
import type { RealtimeSocket } from '../../../bench/support/console-client';
import type { ConsoleUser } from './console-user';
import type { FaultPlatform } from './fault-platform';
import { ticketsOf } from './outside-view';

/** Every frame a socket carried, as JSON text (judged by what it mentions). */
export interface FrameLog {
  frames: string[];
  close(): void;
}

async function logFrames(user: ConsoleUser): Promise<FrameLog> {
  const socket: RealtimeSocket = await user.socket();
  const frames: string[] = [];
  socket.onEnvelope((envelope) => void frames.push(JSON.stringify(envelope)));
  return { frames, close: () => socket.close() };
}

export interface ReconnectingTab {
  /** Closes its socket now (the network dropped). */
  drop(): void;
  /** A new socket, then the console's REST reads; resolves once both are done. */
  reconnect(numbers: string[]): Promise<void>;
  /** Frames of the socket opened on reconnect. */
  framesAfter: string[];
  /** Message bodies the REST reads showed right after reconnecting. */
  restAfter: string[];
  dropped: boolean;
  close(): void;
}

async function reconnectingTab(user: ConsoleUser): Promise<ReconnectingTab> {
  let current: FrameLog | undefined = await logFrames(user);
  const tab: ReconnectingTab = {
    framesAfter: [],
    restAfter: [],
    dropped: false,
    drop() {
      current?.close();
      current = undefined;
      tab.dropped = true;
    },
    async reconnect(numbers) {
      current = await logFrames(user);
      tab.framesAfter = current.frames;
      const tickets = await ticketsOf(user, numbers);
      tab.restAfter = Object.values(tickets).flatMap((list) => list.flatMap((t) => t.bodies));
    },
    close: () => current?.close(),
  };
  return tab;
}

export interface SocketObservers {
  secondTab: FrameLog;
  outsiders: { name: string; sameCompany: boolean; log: FrameLog }[];
  reconnecting: ReconnectingTab;
  close(): void;
}

export async function openObservers(platform: FaultPlatform): Promise<SocketObservers> {
  const [secondTab, reconnecting, outsiderLogs] = await Promise.all([
    logFrames(platform.operator),
    reconnectingTab(platform.operator),
    Promise.all(platform.outsiders.map((o) => logFrames(o.user))),
  ]);
  const outsiders = platform.outsiders.map((o, i) => ({ ...o, log: outsiderLogs[i]! }));
  return {
    secondTab,
    outsiders,
    reconnecting,
    close() {
      secondTab.close();
      reconnecting.close();
      for (const o of outsiders) o.log.close();
    },
  };
}
