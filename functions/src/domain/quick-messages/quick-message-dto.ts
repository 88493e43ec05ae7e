/** A stored quick reply as the API answers it (spec part 3 §3 "QuickMessage"). */
import type { QuickMessageDto } from '@atende/shared';
import { isToAll, type QuickMessageRecord } from '../../data/quick-messages';

export function toQuickMessageDto(q: QuickMessageRecord): QuickMessageDto {
  const medias = (q.media ?? []).map((m) => ({
    originalName: m.originalName,
    mimetype: m.mimetype,
    size: m.size,
    key: m.key,
  }));
  return {
    id: q.id,
    shortcode: q.shortcode,
    message: q.message,
    userId: q.userId ?? null,
    toAll: isToAll(q),
    isMedia: medias.length > 0,
    medias,
    mediaName: medias.length ? JSON.stringify(medias.map((m) => ({ originalName: m.originalName }))) : null,
    mediaUrl: null,
  };
}
