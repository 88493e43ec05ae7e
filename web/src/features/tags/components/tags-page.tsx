import { Box } from '@chakra-ui/react';
import type { TagDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTags } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
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
  const { t } = useTranslation(TAGS_NS);
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useTagsList(search);
  const tags = useMemo(() => list.data?.pages.flatMap((p) => p.tags) ?? [], [list.data]);
  const [editing, setEditing] = useState<TagDto | 'new' | null>(null);
  const remove = useDeleteTag();
  const deletion = useDeleteConfirmation({
    remove: (tag: TagDto) => remove.mutateAsync(tag.id),
    pending: remove.isPending,
    done: t('deleted'),
  });
  const add = () => setEditing('new');

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <SearchAndAdd
            searchLabel={t('search')}
            search={searchInput}
            onSearch={setSearchInput}
            addLabel={t('add')}
            onAdd={add}
            testIdPrefix="tags"
          />
        }
      />
      <ListCard
        list={list}
        count={tags.length}
        scrollTestId="tags-scroll"
        empty={{
          testId: 'tags-empty',
          icon: <LuTags />,
          title: t('empty'),
          description: search ? t('emptySearch', { search }) : t('emptyText'),
          addLabel: t('add'),
          onAdd: search ? undefined : add,
        }}
      >
        <TagsTable tags={tags} onEdit={setEditing} onDelete={deletion.ask} />
      </ListCard>
      {editing ? (
        <TagDialog
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteTitle', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('delete')}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
