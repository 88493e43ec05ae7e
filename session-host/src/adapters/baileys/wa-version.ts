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

export class WaVersionSource {
  private current: WAVersion | undefined;
  private refused: string | undefined;

  constructor(private readonly options: { override?: string; fetch?: VersionFetcher } = {}) {}

  async version(): Promise<WAVersion | undefined> {
    const override = parseWaVersion(this.options.override);
    if (override) return override;
    if (!this.current) {
      const fetch = this.options.fetch ?? (() => fetchLatestWaWebVersion({ signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) }));
      const fetched = await fetch().catch(() => undefined);
      // Not the latest = the fetch failed and Baileys answered its bundled version: let Baileys use its default.
      if (fetched?.isLatest) this.current = fetched.version;
    }
    return this.current;
  }

  /**
   * WhatsApp refused `version` with 405. Returns true when a retry can use another version (a fresh
   * fetch gives a different one); false when retrying would only be refused again.
   */
  async refusedWith(version: WAVersion | undefined): Promise<boolean> {
    const refused = (version ?? []).join('.');
    if (parseWaVersion(this.options.override)) return false;
    if (this.refused === refused) return false;
    this.refused = refused;
    this.current = undefined;
    const next = await this.version();
    return Boolean(next && next.join('.') !== refused);
  }
}
