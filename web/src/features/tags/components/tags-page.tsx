import { Box, Button, Card } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, type TagDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuTags } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingMore } from '@/components/loading-more';
import { LoadingState } from '@/components/loading-state';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useLoadMore } from '@/hooks/use-load-more';
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
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const list = useTagsList(search);
  const tags = useMemo(() => list.data?.pages.flatMap((p) => p.tags) ?? [], [list.data]);
  const sentinel = useLoadMore(list);
  const [editing, setEditing] = useState<TagDto | 'new' | null>(null);
  const remove = useDeleteTag();
  const deletion = useDeleteConfirmation({
    remove: (tag: TagDto) => remove.mutateAsync(tag.id),
    pending: remove.isPending,
    done: t('deleted'),
  });
  const add = () => setEditing('new');

  let content;
  if (list.isPending) content = <LoadingState label={t('common.loading', { ns: 'translation' })} minH="64" />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!tags.length)
    content = (
      <Box py="12" data-testid="tags-empty">
        <EmptyState
          icon={<LuTags />}
          title={t('empty')}
          description={search ? t('emptySearch', { search }) : t('emptyText')}
          action={
            search ? null : (
              <Button size="sm" onClick={add}>
                <LuPlus />
                {t('add')}
              </Button>
            )
          }
        />
      </Box>
    );
  else
    content = (
      <>
        <TagsTable tags={tags} onEdit={setEditing} onDelete={deletion.ask} />
        <div ref={sentinel} />
        <LoadingMore show={list.isFetchingNextPage} />
      </>
    );

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
      <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" overflow="hidden">
        <Box overflow="auto" maxH="calc(100dvh - 14rem)" data-testid="tags-scroll">
          {content}
        </Box>
      </Card.Root>
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
