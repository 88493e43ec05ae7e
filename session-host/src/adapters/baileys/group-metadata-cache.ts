/**
 * Group metadata for `cachedGroupMetadata`: without it every group send asks WhatsApp for the group's
 * participants first (Baileys README, "Caching Group Metadata"). Filled on first use, kept fresh from
 * `groups.update` / `group-participants.update`, and forgotten after an hour.
 */
import type { GroupMetadata } from '@whiskeysockets/baileys';
import type { BaileysSocketLike } from './socket-config';

const TTL_MS = 60 * 60_000;
const MAX_GROUPS = 1_000;

export class GroupMetadataCache {
  private readonly entries = new Map<string, { metadata: GroupMetadata; at: number }>();

  get(jid: string): GroupMetadata | undefined {
    const entry = this.entries.get(jid);
    if (!entry) return undefined;
    if (Date.now() - entry.at > TTL_MS) {
      this.entries.delete(jid);
      return undefined;
    }
    return entry.metadata;
  }

  set(metadata: GroupMetadata): void {
    this.entries.delete(metadata.id);
    this.entries.set(metadata.id, { metadata, at: Date.now() });
    if (this.entries.size > MAX_GROUPS) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Cached, or fetched once through `socket` and cached (Baileys README, "Caching Group Metadata"). */
  async through(
    socket: Pick<BaileysSocketLike, 'groupMetadata'> | undefined,
    jid: string,
  ): Promise<GroupMetadata | undefined> {
    const cached = this.get(jid);
    if (cached || !socket) return cached;
    const fetched = await socket.groupMetadata(jid).catch(() => undefined);
    if (fetched) this.set(fetched);
    return fetched;
  }

  /** A change reported by WhatsApp: the next send fetches the group again. */
  invalidate(jid: string | undefined): void {
    if (jid) this.entries.delete(jid);
  }
}
