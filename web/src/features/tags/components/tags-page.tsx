import type { TagDto } from '@atende/shared';
import { useMemo } from 'react';
import { LuTags } from 'react-icons/lu';
import { ListPage } from '@/components/list-page';
import { useListPage } from '@/hooks/use-list-page';
import { useDeleteTag, useTagsList } from '../api/tags-api';
import { TAGS_NS } from '../i18n';
import { TagDialog } from './tag-dialog';
import { TagsTable } from './tags-table';

/**
 * /tags (spec part 3 §2 "Tags page"): search (debounced 500 ms), the company's tags by name with
 * their ticket counts, infinite scroll, add, edit, delete with a confirmation, live on
 * `company-{id}-tag`. Every user of the company may manage tags (the spec restricts none of it).
 */
export function TagsPage() {
  const page = useListPage<TagDto>({ ns: TAGS_NS, remove: useDeleteTag(), name: (tag) => tag.name });
  const list = useTagsList(page.search);
  const tags = useMemo(() => list.data?.pages.flatMap((p) => p.tags) ?? [], [list.data]);

  return (
    <ListPage
      {...page.page}
      testIdPrefix="tags"
      list={list}
      count={tags.length}
      scrollTestId="tags-scroll"
      empty={{ testId: 'tags-empty', icon: <LuTags />, ...page.emptyTexts }}
      dialogs={page.edited ? <TagDialog key={page.edited.key} tag={page.edited.record} onClose={page.closeEdit} /> : null}
    >
      <TagsTable tags={tags} onEdit={page.edit} onDelete={page.askDelete} />
    </ListPage>
  );
}
