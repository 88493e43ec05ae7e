/** The message input's rules (spec part 1 §5 "Sending a message", §9). */
import { MIN_RECORDED_AUDIO_BYTES, QUICK_MESSAGE_LABEL_MAX } from '@atende/shared';
import type { QuickMessage } from '../api/types';
/** Recording bitrate (spec §9: 128 kbps). */
export const AUDIO_BITS_PER_SECOND = 128_000;

/** An empty or whitespace-only body is not sent. */
export const isSendableText = (body: string): boolean => body.trim().length > 0;

/** A recorded audio below 10,000 bytes is discarded, not sent. */
export const isKeepableAudio = (blob: { size: number }): boolean => blob.size >= MIN_RECORDED_AUDIO_BYTES;

/** Text beginning with '/' opens the suggestions; what follows the slash filters them. */
export function quickReplyQuery(body: string): string | null {
  return body.startsWith('/') ? body.slice(1).toLowerCase() : null;
}

/** Suggestion labels are cut at 35 characters. */
export function cutLabel(text: string, max = QUICK_MESSAGE_LABEL_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export interface QuickReplySuggestion {
  id: string;
  label: string;
  message: string;
  /** The reply's files, already in storage: sent with the message (by key, no upload). */
  medias: { key: string; fileName: string; mimetype: string }[];
}

export function quickReplySuggestions(body: string, quickMessages: readonly QuickMessage[]): QuickReplySuggestion[] {
  const query = quickReplyQuery(body);
  if (query === null) return [];
  return quickMessages
    .filter((q) => q.shortcode.toLowerCase().includes(query) || q.message.toLowerCase().includes(query))
    .map((q) => ({
      id: q.id,
      label: cutLabel(`${q.shortcode} - ${q.message}`),
      message: q.message,
      medias: (q.medias ?? []).map((m) => ({ key: m.key, fileName: m.originalName, mimetype: m.mimetype })),
    }));
}

/** The signature choice, kept locally (spec part 1 §6), defaults to on. */
export const SIGN_OPTION_KEY = 'signOption';

export function readSignOption(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    const raw = storage.getItem(SIGN_OPTION_KEY);
    return raw === null ? true : raw !== 'false';
  } catch {
    return true;
  }
}

export function writeSignOption(value: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(SIGN_OPTION_KEY, String(value));
  } catch {
    // private mode: the choice lasts for this page only
  }
}
