/**
 * Tags (spec part 1 §7 "/tags/list", part 3 §2 "Tags page", §7 "Tags"): any user of the company may
 * list, create, edit and delete them (the spec restricts none of it). Colour derived from the name
 * when none is given (part 1 §9). Live on `company-<cid>-tag`.
 */
import { ulid } from '@atende/shared/ids';
import {
  tagColorFromName,
  type CreateTagInput,
  type ListTagsQuery,
  type TagDto,
  type TagListAnswer,
  type TagRealtimeData,
  type UpdateTagInput,
} from '@atende/shared';
import { decodeCursor, encodeCursor } from '../../data/paging';
import {
  deleteTag,
  getTags,
  insertTag,
  isTagsCursorOf,
  listTags,
  queryTagsPage,
  updateTag,
  type TagRecord,
} from '../../data/tags';
import { AppError } from '../../platform/app-error';
import { publish } from '../../platform/realtime-publisher';

/** Tags per page of the Tags page. */
export const TAG_PAGE_SIZE = 30;

const toDto = (t: TagRecord): TagDto => ({ id: t.id, name: t.name, color: t.color });
const withCount = (t: TagRecord): TagDto => ({ ...toDto(t), ticketsCount: t.ticketsCount });
const tagNotFound = () => new AppError('ERR_NO_REGISTER_FOUND', 404);

/** GET /tags/list: every tag, by name (the ticket workspace's pickers). */
export async function listCompanyTags(companyId: string): Promise<TagDto[]> {
  return (await listTags(companyId)).map(toDto).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')); // AP-TG1
}

/** GET /tags: a page by name with each tag's ticket count; `cursor` continues, `pageNumber` 1 restarts. */
export async function listTagsPage(companyId: string, query: ListTagsQuery): Promise<TagListAnswer> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (after && !isTagsCursorOf(companyId, after))
    throw new AppError('ERR_VALIDATION', 400, { fields: { cursor: 'invalid' } });
  const page = await queryTagsPage(companyId, { limit: TAG_PAGE_SIZE, after, search: query.searchParam }); // AP-TG3
  const cursor = encodeCursor(page.next);
  return { tags: page.tags.map(withCount), hasMore: !!cursor, ...(cursor ? { cursor } : {}) };
}

export async function showTag(companyId: string, id: string): Promise<TagDto> {
  const [tag] = await getTags(companyId, [id]); // AP-TG2
  if (!tag) throw tagNotFound();
  return withCount(tag);
}

export async function createTag(companyId: string, input: CreateTagInput): Promise<TagDto> {
  const tag = {
    id: ulid(),
    companyId,
    name: input.name,
    color: input.color ?? tagColorFromName(input.name),
    createdAt: new Date().toISOString(),
  };
  await insertTag(tag);
  await publishTag(companyId, { action: 'create', tag: withCount({ ...tag, ticketsCount: 0 }) });
  // the ticket workspace's answer: the tag as tickets carry it
  return toDto({ ...tag, ticketsCount: 0 });
}

export async function changeTag(companyId: string, id: string, input: UpdateTagInput): Promise<TagDto> {
  const [current] = await getTags(companyId, [id]); // AP-TG2
  if (!current) throw tagNotFound();
  const updated = await updateTag(companyId, id, {
    name: input.name ?? current.name,
    color: input.color ?? current.color,
    updatedAt: new Date().toISOString(),
  });
  if (!updated) throw tagNotFound();
  const dto = withCount(updated);
  await publishTag(companyId, { action: 'update', tag: dto });
  return dto;
}

/** DELETE /tags/{id}: tickets keep the id and stop showing the tag (their DTOs skip unknown tags). */
export async function removeTag(companyId: string, id: string): Promise<void> {
  if (!(await deleteTag(companyId, id))) throw tagNotFound();
  await publishTag(companyId, { action: 'delete', tagId: id });
}

const publishTag = (companyId: string, data: TagRealtimeData) => publish(companyId, 'tag', data, { kind: 'company' });
