/**
 * The realtime judgement of a scenario (socket-observers.ts), from the frames the sockets carried:
 * - outside the audience: no frame of another company's socket may mention the scenario's customers
 *   (numbers), tickets (ids) or messages (tokens); a user of the company without the queue may see the
 *   customers (the company's contacts are everyone's: spec part 1 §5) but none of their tickets or messages;
 * - the operator's second tab carried every message (customers' and replies) and every accept;
 * - a tab that dropped and reconnected holds every message through its new socket or the REST reads
 *   it made right after reconnecting (nothing falls between the two).
 */

export interface RealtimeObserved {
  /** Sockets outside the audience: their frames (JSON), and whether they are of the same company. */
  outsiders: { name: string; sameCompany: boolean; frames: string[] }[];
  secondTab: string[];
  /** The reconnected tab: its new socket's frames and the bodies its REST reads showed. */
  reconnected: { framesAfter: string[]; restAfter: string[] } | undefined;
}

export interface RealtimeExpected {
  /** The scenario's customers' numbers. */
  numbers: string[];
  /** The scenario's ticket ids and message tokens. */
  ticketMarks: string[];
  /** Every message token (customers' and replies). */
  tokens: string[];
  /** Tickets the first tab accepted. */
  accepted: string[];
}

export interface RealtimeVerdict {
  /** Frames outside the audience that mention the scenario. */
  outsideFrames: number;
  /** Messages or accepts the second tab never carried. */
  secondTabMissing: number;
  /** Messages neither the reconnected socket nor the REST reads after reconnecting showed. */
  reconnectMissing: number;
  problems: string[];
}

const mentions = (frame: string, mark: string) => frame.includes(JSON.stringify(mark).slice(1, -1));

export function judgeRealtime(expected: RealtimeExpected, observed: RealtimeObserved): RealtimeVerdict {
  const problems: string[] = [];
  let outsideFrames = 0;
  for (const { name, sameCompany, frames } of observed.outsiders) {
    const marks = sameCompany ? expected.ticketMarks : [...expected.numbers, ...expected.ticketMarks];
    const leaked = frames.filter((frame) => marks.some((mark) => mentions(frame, mark)));
    outsideFrames += leaked.length;
    for (const frame of leaked.slice(0, 3)) problems.push(`${name} got a frame of the scenario: ${frame.slice(0, 200)}`);
  }

  const onSecondTab = (mark: string) => observed.secondTab.some((frame) => mentions(frame, mark));
  const acceptedShown = (ticketId: string) =>
    observed.secondTab.some((frame) => mentions(frame, ticketId) && /"status":"open"/.test(frame));
  const tabMissing = [
    ...expected.tokens.filter((token) => !onSecondTab(token)),
    ...expected.accepted.filter((id) => !acceptedShown(id)).map((id) => `accept of ${id}`),
  ];
  for (const missing of tabMissing) problems.push(`the second tab never showed ${missing}`);

  let reconnectMissing = 0;
  if (observed.reconnected) {
    const { framesAfter, restAfter } = observed.reconnected;
    const caughtUp = (token: string) =>
      restAfter.some((body) => body.includes(token)) || framesAfter.some((frame) => mentions(frame, token));
    const missing = expected.tokens.filter((token) => !caughtUp(token));
    reconnectMissing = missing.length;
    for (const token of missing) problems.push(`after reconnecting, neither the socket nor REST showed ${token}`);
  }

  return { outsideFrames, secondTabMissing: tabMissing.length, reconnectMissing, problems };
}
