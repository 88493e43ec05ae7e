/** Tags (spec part 1 §3 "Tag", §7 "/tags"). */
import * as z from '../zod';
import { cursorSchema, idSchema, MSG, pageNumberSchema, searchParamSchema } from './common';

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

/** Message keys of the tag rules (spec part 3 §5 "Tag": at least 3 characters, 'Mensagem muito curta'). */
export const TAG_MSG = { nameTooShort: 'validation.tag.nameTooShort' } as const;
export const MIN_TAG_NAME = 3;

const tagNameSchema = z
  .string({ error: MSG.required })
  .check(
    z.trim(),
    z.minLength(1, MSG.required),
    z.minLength(MIN_TAG_NAME, TAG_MSG.nameTooShort),
    z.maxLength(50, MSG.tooLong),
  );

/** POST /tags. No colour → derived from the name. `userId` is sent by the spec's form and ignored. */
export const createTagSchema = z.object({
  name: tagNameSchema,
  color: z.optional(hexColorSchema),
  userId: z.optional(z.nullable(z.union([idSchema, z.number()]))),
});
export type CreateTagInput = z.infer<typeof createTagSchema>;

/** PUT /tags/{id}: name and/or colour. */
export const updateTagSchema = z.object({
  name: z.optional(tagNameSchema),
  color: z.optional(hexColorSchema),
  userId: z.optional(z.nullable(z.union([idSchema, z.number()]))),
});
export type UpdateTagInput = z.infer<typeof updateTagSchema>;

/** GET /tags (the Tags page): a page by name, `searchParam` narrowing by a part of the name. */
export const listTagsQuerySchema = z.object({
  searchParam: searchParamSchema,
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
  /** Accepted for the spec's `GET /tags (companyId)` and ignored: the company comes from the token. */
  companyId: z.optional(z.string().check(z.maxLength(64))),
});
export type ListTagsQuery = z.infer<typeof listTagsQuerySchema>;

export const tagIdParamsSchema = z.object({ id: idSchema });

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
  /** Tickets that carry the tag: a counter kept as tickets gain and lose it (the Tags page). */
  ticketsCount?: number;
}

export interface TagListAnswer {
  tags: TagDto[];
  hasMore: boolean;
  cursor?: string;
}
