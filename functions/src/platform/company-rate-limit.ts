/**
 * Per-company request limit of the REST API (issue 28 §3): the stage throttle is shared by every
 * tenant, so without this one company's loop could use up everyone's throughput. Counted per company
 * (from the verified token, never the body) in fixed windows of COMPANY_REQUEST_LIMIT.windowSeconds.
 *
 * Cheap by sampling: each Lambda instance counts its own requests per company and adds them to the
 * company's shared window (data/rate-limits.ts, AP-RL2: one UpdateItem that answers the total) only
 * every SYNC_EVERY requests — or at every request once the window's known total passes half the
 * limit. A company far below its limit (every company of the cost model) costs about one write per
 * SYNC_EVERY requests; one near its limit, one write per request. The price of sampling: each
 * instance may let up to SYNC_EVERY − 1 requests past the limit before it learns the total. Over the
 * limit: 429 ERR_RATE_LIMITED with Retry-After (seconds to the window's end). A failed count lets the
 * request through (a throttle must not take the API down) and is logged.
 */
import { addCompanyRequests } from '../data/rate-limits';
import { AppError } from './app-error';
import { logger } from './logger';

/**
 * Requests per company per window, all areas and instances together (docs/deploy.md "Per-company
 * limit"); `COMPANY_REQUESTS_PER_WINDOW` overrides the count (a local bench driving one company harder).
 */
let requestsOverride: number | undefined;
export const COMPANY_REQUEST_LIMIT = {
  /** Read at each request: the local platform sets its environment after this module may be loaded. */
  get requests(): number {
    return requestsOverride ?? (Number(process.env.COMPANY_REQUESTS_PER_WINDOW) || 500);
  },
  /** Tests: a limit of their own. */
  set requests(n: number) {
    requestsOverride = n;
  },
  windowSeconds: 10,
};
/** Local requests an instance holds before adding them to the shared window. */
export const SYNC_EVERY = 10;
/** Companies an instance keeps tallies for before it drops those of past windows. */
const MAX_TALLIES = 1_000;

interface Tally {
  window: number;
  /** The shared window's total at this instance's last write. */
  known: number;
  /** This instance's requests not written yet. */
  pending: number;
}

const tallies = new Map<string, Tally>();

function tallyOf(companyId: string, window: number): Tally {
  const current = tallies.get(companyId);
  if (current?.window === window) return current;
  if (tallies.size >= MAX_TALLIES) for (const [id, t] of tallies) if (t.window !== window) tallies.delete(id);
  const fresh = { window, known: 0, pending: 0 };
  tallies.set(companyId, fresh);
  return fresh;
}

function limited(window: number, now: number): AppError {
  const endsAt = (window + 1) * COMPANY_REQUEST_LIMIT.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((endsAt - now) / 1000));
  return new AppError('ERR_RATE_LIMITED', 429, { headers: { 'Retry-After': String(retryAfter) } });
}

/** Counts one request of `companyId`; throws 429 when the company is over its window's limit. */
export async function takeCompanyRequest(companyId: string, now = Date.now()): Promise<void> {
  const { requests, windowSeconds } = COMPANY_REQUEST_LIMIT;
  const window = Math.floor(now / 1000 / windowSeconds);
  const tally = tallyOf(companyId, window);
  if (tally.known + tally.pending >= requests) throw limited(window, now);
  tally.pending += 1;
  if (tally.pending < SYNC_EVERY && tally.known + tally.pending < requests / 2) return;
  const n = tally.pending;
  tally.pending = 0;
  // Counted here at once: requests arriving while the write is in flight see them (they are neither
  // pending nor in the shared total yet).
  tally.known += n;
  try {
    const expiresAt = (window + 2) * windowSeconds;
    tally.known = Math.max(tally.known, await addCompanyRequests(companyId, window, n, expiresAt)); // AP-RL2
  } catch (err) {
    logger.warn('company request count failed; request let through', { companyId, err });
    return;
  }
  if (tally.known > requests) throw limited(window, now);
}

/** Tests: a new Lambda instance (no local tallies). */
export function forgetCompanyTallies(): void {
  tallies.clear();
}
