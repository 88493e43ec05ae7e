/**
 * Pacing arithmetic (spec part 3 §9 campaign settings), pure so it is tested on its own.
 *
 * - After each send the pacer waits a random 0..messageInterval seconds (uniform, whole ms).
 * - After every `longerIntervalAfter` sends (0 disables) the wait is `greaterInterval` seconds
 *   instead: a pause in the chain, then the count starts again. (Whaticket applies the greater
 *   interval to every message past the N-th; decisions.md "Campaign pacing" says why we pause.)
 * - A connection sends at most `dailyCapPerConnection` campaign messages per UTC day, all campaigns
 *   together; past it the pacer waits until the next UTC midnight.
 * - The wait runs from the step's planned slot, not from when the step ran (`nextSlot`): SQS delays
 *   are whole seconds and each step takes time, and measured from the step's end those added up to a
 *   quarter of the rate (bench/README.md "Campaign planning and pacing"). A step up to
 *   PACE_CATCH_UP_MS late keeps the plan; a later one (an outage, a restart) starts again from now, so a
 *   delay never turns into a burst. A long pause always runs whole from the send that precedes it.
 */
/** The settings pacing reads (CampaignSettings' fields; plain numbers so any value can be reasoned about). */
export interface PaceSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
}

export interface PaceAfterSend {
  waitMs: number;
  sinceLongPause: number;
  /** The wait is the longer pause (greaterInterval). */
  pause: boolean;
}

export function waitAfterSend(
  settings: PaceSettings,
  sinceLongPause: number,
  random: () => number = Math.random,
): PaceAfterSend {
  const sent = sinceLongPause + 1;
  if (settings.longerIntervalAfter > 0 && sent >= settings.longerIntervalAfter)
    return { waitMs: settings.greaterInterval * 1000, sinceLongPause: 0, pause: true };
  return { waitMs: Math.floor(random() * settings.messageInterval * 1000), sinceLongPause: sent, pause: false };
}

/**
 * How late a step may run and still keep its planned slot as the base of the next wait. SQS's
 * whole-second delays, the poller's latency and the step's own work make a step 0.5–3 s late; after
 * a longer stall the chain starts again from now. Catching up shortens the following waits (down to
 * none, which the random 0..messageInterval wait allows anyway): at most this much of sends.
 */
export const PACE_CATCH_UP_MS = 10_000;

/**
 * When the next step may send, after a step planned for `slot` (epoch ms) that ran at `now`: from the
 * slot while the chain is at most PACE_CATCH_UP_MS late (the lateness of one step is taken off the
 * next wait, so rounding and step time do not accumulate), from `now` when it is later, and a pause
 * from the later of the two (never shortened).
 */
export function nextSlot(slot: number, now: number, wait: Pick<PaceAfterSend, 'waitMs' | 'pause'>): number {
  const onPlan = !wait.pause && now - slot <= PACE_CATCH_UP_MS;
  return (onPlan ? slot : Math.max(slot, now)) + wait.waitMs;
}

/** The UTC day a send counts against (the quota item's sort key). */
export const quotaDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The next UTC midnight after `at`. */
export function nextQuotaDay(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/**
 * The expected sends per minute of one connection's pacer (the mean random wait, the pauses; the
 * time of a send itself left out): what the bench compares its measured rate with.
 */
export function expectedSendsPerMinute(settings: PaceSettings): number {
  const meanWait = (settings.messageInterval * 1000) / 2;
  const n = settings.longerIntervalAfter;
  const cycleMs = n > 0 ? (n - 1) * meanWait + settings.greaterInterval * 1000 : meanWait;
  const perCycle = n > 0 ? n : 1;
  return cycleMs === 0 ? Infinity : (perCycle * 60_000) / cycleMs;
}

/** Which of the campaign's connections a valid contact goes to, and its place in that connection's sequence. */
export const assignConnection = (validIndex: number, connections: number) => ({
  connIndex: validIndex % connections,
  position: Math.floor(validIndex / connections),
});

/** How many of the first `valid` contacts went to connection `connIndex` (its pacer's end). */
export const plannedFor = (valid: number, connIndex: number, connections: number): number =>
  valid > connIndex ? Math.ceil((valid - connIndex) / connections) : 0;
