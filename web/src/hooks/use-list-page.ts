import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPageDeletion, ListPageSearch } from '@/components/list-page';
import { useDebouncedSearch } from './use-debounced-search';
import { useDeleteConfirmation } from './use-delete-confirmation';

interface ListPageSearchOptions {
  /** The box's label key (`search` by default). */
  labelKey?: string;
  /** Shorter searches list everything (users: spec part 1 §9). */
  minChars?: number;
  /** The input is lower-cased as typed (integrations: spec part 2 §2). */
  lowerCase?: boolean;
}

interface ListPageOptions<T extends { id: string }> {
  /** The feature's namespace: `title`, `description`, `add`, `empty`, `emptyText`, `emptySearch`, `deleteTitle`, `deleteText`, `deleted`. */
  ns: string;
  /** The delete mutation (its `mutateAsync` takes the record's id). */
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  /** The record's name in the delete confirmation's title. */
  name: (record: T) => string;
  /** `false`: the page has no search box. */
  search?: ListPageSearchOptions | false;
  /** The confirmation's button key (`delete` by default). */
  confirmKey?: string;
  /** What "add" does; by default it opens the add/edit dialog for a new record (`edited`). */
  onAdd?: () => void;
}

/**
 * The state and texts every list page has (tags, contact lists, users, integrations, quick replies):
 * the debounced search, the record being added or edited, the delete confirmation, and the props of
 * `ListPage` that follow from them and the feature's texts.
 */
export function useListPage<T extends { id: string }>({
  ns,
  remove,
  name,
  search: searchOptions = {},
  confirmKey = 'delete',
  onAdd,
}: ListPageOptions<T>) {
  const { t } = useTranslation(ns);
  const { input, setInput, search: debounced } = useDebouncedSearch();
  const search = searchOptions && debounced.length >= (searchOptions.minChars ?? 0) ? debounced : '';
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const deletion = useDeleteConfirmation({
    remove: (record: T) => remove.mutateAsync(record.id),
    pending: remove.isPending,
    done: t('deleted'),
  });
  const add = onAdd ?? (() => setEditing('new'));
  const searchBox: ListPageSearch | undefined = searchOptions
    ? {
        label: t(searchOptions.labelKey ?? 'search'),
        input,
        onInput: (value) => setInput(searchOptions.lowerCase ? value.toLowerCase() : value),
        active: search,
      }
    : undefined;
  const deletionProps: ListPageDeletion = {
    dialog: deletion.dialog,
    title: t('deleteTitle', { name: deletion.target ? name(deletion.target) : '' }),
    confirmLabel: t(confirmKey),
    text: t('deleteText'),
  };

  return {
    t,
    /** The search the list is asked for. */
    search,
    /** The record in the add/edit dialog (`record` null: a new one), keyed so that each opens fresh. */
    edited:
      editing === null ? null : editing === 'new' ? { key: 'new', record: null } : { key: editing.id, record: editing },
    edit: (record: T) => setEditing(record),
    closeEdit: () => setEditing(null),
    /** A row's delete button. */
    askDelete: deletion.ask,
    /** `ListPage`'s header, add and delete props. */
    page: {
      title: t('title'),
      description: t('description'),
      search: searchBox,
      addLabel: t('add'),
      onAdd: add,
      deletion: deletionProps,
    },
    /** The empty state's texts (with the active search, if any). */
    emptyTexts: { title: t('empty'), description: search ? t('emptySearch', { search }) : t('emptyText') },
  };
}
