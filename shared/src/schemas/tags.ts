/** Tags (spec part 1 §3 "Tag", §7 "/tags"). */
import * as z from '../zod';
import { idSchema, MSG } from './common';

export const TAG_DEFAULT_COLOR = '#A4CCCC';
const hexColorSchema = z.string().check(z.regex(/^#[0-9A-Fa-f]{6}$/));

/**
 * Colour of a tag created inline: derived from a hash of its name (spec part 1 §9), so the same
 * name always gets the same colour; '' gives the default grey.
 */
export function tagColorFromName(name: string): string {
  if (!name.trim()) return TAG_DEFAULT_COLOR;
  let hash = 0;
  for (const ch of name.trim().toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return '#' + (hash & 0xffffff).toString(16).padStart(6, '0').toUpperCase();
}

/** POST /tags. No colour → derived from the name. */
export const createTagSchema = z.object({
  name: z.string({ error: MSG.required }).check(z.trim(), z.minLength(1, MSG.required), z.maxLength(50, MSG.tooLong)),
  color: z.optional(hexColorSchema),
});
export type CreateTagInput = z.infer<typeof createTagSchema>;

/** A tag reference as the console sends it: the tag object or just its id. */
const tagRefSchema = z.pipe(
  z.union([idSchema, z.object({ id: idSchema })]),
  z.transform((v: string | { id: string }) => (typeof v === 'string' ? v : v.id)),
);

/** POST /tags/sync: the ticket's full tag set afterwards (replaces, not adds). */
export const syncTagsSchema = z.object({
  ticketId: idSchema,
  tags: z.array(tagRefSchema).check(z.maxLength(50)),
});
export type SyncTagsInput = z.infer<typeof syncTagsSchema>;

export interface TagDto {
  id: string;
  name: string;
  color: string;
}
