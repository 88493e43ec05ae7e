/**
 * The WhatsApp Web version the socket announces. The one bundled with Baileys works until WhatsApp
 * retires it, and then every connect is refused with 405 (upstream issues 1636, 1937, 2370, 2394).
 * So: `WA_VERSION` (e.g. `2.3000.1027934701`) when set; else the current one from web.whatsapp.com
 * (Baileys' `fetchLatestWaWebVersion`), fetched once and again only after a 405; else the bundled one.
 */
import { fetchLatestWaWebVersion, type WAVersion } from '@whiskeysockets/baileys';

const FETCH_TIMEOUT_MS = 5_000;

export type VersionFetcher = () => Promise<{ version: WAVersion; isLatest: boolean }>;

export function parseWaVersion(raw: string | undefined): WAVersion | undefined {
  const parts = raw?.trim().split('.').map(Number);
  if (!parts || parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) return undefined;
  return parts as WAVersion;
}

const key = (version: WAVersion | undefined) => (version ?? []).join('.');
/** A version refused again after this long is fetched again (WhatsApp may have published a new one since). */
const REFUSAL_MEMO_MS = 10 * 60_000;

export class WaVersionSource {
  private current: WAVersion | undefined;
  /** One fetch at a time: every session refused in a mass disconnect waits for the same answer. */
  private fetching: Promise<void> | undefined;
  private readonly refusedAt = new Map<string, number>();

  constructor(private readonly options: { override?: string; fetch?: VersionFetcher; now?: () => number } = {}) {}

  async version(): Promise<WAVersion | undefined> {
    const override = parseWaVersion(this.options.override);
    if (override) return override;
    if (!this.current) {
      this.fetching ??= this.fetchCurrent().finally(() => (this.fetching = undefined));
      await this.fetching;
    }
    return this.current;
  }

  private async fetchCurrent(): Promise<void> {
    const fetch = this.options.fetch ?? (() => fetchLatestWaWebVersion({ signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }));
    const fetched = await fetch().catch(() => undefined);
    // Not the latest = the fetch failed and Baileys answered its bundled version: let Baileys use its default.
    if (fetched?.isLatest) this.current = fetched.version;
  }

  /**
   * WhatsApp refused `version` with 405. Returns true when a retry can use another version: the current
   * one already differs (another session's refusal fetched it), or a fresh fetch gives a different one;
   * false when retrying would only be refused again. Only the first refusal of a version (per
   * REFUSAL_MEMO_MS) fetches; the sessions refused with it at the same time share that fetch's answer.
   */
  async refusedWith(version: WAVersion | undefined): Promise<boolean> {
    if (parseWaVersion(this.options.override)) return false;
    const refused = key(version);
    if (this.current && key(this.current) !== refused) return true;
    const now = (this.options.now ?? Date.now)();
    const at = this.refusedAt.get(refused);
    if (at === undefined || now - at >= REFUSAL_MEMO_MS) {
      this.refusedAt.set(refused, now);
      this.current = undefined;
    }
    const next = await this.version();
    return Boolean(next && key(next) !== refused);
  }
}
