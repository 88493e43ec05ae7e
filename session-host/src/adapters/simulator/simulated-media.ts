/**
 * The files a simulated phone's chats show, by S3 key: the customer's own (stored under the
 * connection's prefix) and the ones the business sent (the platform's uploads live under the
 * ticket's, schedule's or quick reply's prefix). The control API serves a file only when a chat of
 * this phone shows it, under the name it was sent with, as the phone would save it.
 */
import type { SimMedia, SimMessage } from './simulator-types';

/** `C#…/media/…/<ulid>-<safe name>` → `<safe name>`: for a file sent without a name. */
const nameFromKey = (key: string) => (key.split('/').pop() ?? '').replace(/^[0-9A-HJKMNP-TV-Z]{26}-/, '') || 'arquivo';

export class SimulatedMediaIndex {
  private readonly byKey = new Map<string, SimMedia>();

  /** A message now shows its file (or, deleted, no longer does). */
  track(message: SimMessage): void {
    if (message.media && !message.deleted) this.byKey.set(message.media.key, message.media);
  }

  forget(media: SimMedia | null): void {
    if (media) this.byKey.delete(media.key);
  }

  /** The file under `key` as a chat of this phone shows it, or undefined when none does. */
  find(key: string): (SimMedia & { displayName: string }) | undefined {
    const media = this.byKey.get(key);
    return media ? { ...media, displayName: media.fileName?.trim() || nameFromKey(key) } : undefined;
  }
}
