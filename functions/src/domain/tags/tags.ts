/** GET /tags/list and POST /tags (spec part 1 §7). Colour derived from the name when none is given (§9). */
import { ulid } from '@atende/shared/ids';
import { tagColorFromName, type CreateTagInput, type TagDto } from '@atende/shared';
import { insertTag, listTags } from '../../data/tags';

const toDto = (t: TagDto): TagDto => ({ id: t.id, name: t.name, color: t.color });

export async function listCompanyTags(companyId: string): Promise<TagDto[]> {
  return (await listTags(companyId)).map(toDto).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')); // AP-TG1
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
  return toDto(tag);
}
