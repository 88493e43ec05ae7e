import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { ListCard, type ListCardEmpty, type ListCardQuery } from './list-card';
import { PageHeader } from './page-header';
import { AddButton, SearchAndAdd } from './search-and-add';

/** The header's search box, on lists that have one. */
export interface ListPageSearch {
  label: string;
  /** What the box shows (the debounced value is the query's). */
  input: string;
  onInput: (value: string) => void;
  /** The search the list shows: while one is active, the empty state offers no add button. */
  active: string;
}

/** The delete confirmation: `dialog` from useDeleteConfirmation, and what it says. */
export interface ListPageDeletion {
  dialog: Pick<ConfirmDialogProps, 'open' | 'loading' | 'onConfirm' | 'onClose'>;
  title: string;
  confirmLabel: string;
  text: ReactNode;
}

interface ListPageProps {
  title: string;
  description?: string;
  search?: ListPageSearch;
  addLabel: string;
  /** Without it (the viewer may not add) there is no add button, in the header or the empty state. */
  onAdd?: () => void;
  /** `<prefix>-search` and `<prefix>-add` test ids. */
  testIdPrefix?: string;
  list: ListCardQuery;
  count: number;
  empty: Omit<ListCardEmpty, 'addLabel' | 'onAdd'>;
  scrollTestId?: string;
  footer?: ReactNode;
  deletion: ListPageDeletion;
  /** The rows (a table). */
  children: ReactNode;
  /** The page's add/edit dialogs. */
  dialogs?: ReactNode;
}

/**
 * A list page (tags, contact lists, users, integrations, quick replies…): the header with the search
 * box and the add button, the list card (loading, error, empty, rows) and the delete confirmation.
 */
export function ListPage({
  title,
  description,
  search,
  addLabel,
  onAdd,
  testIdPrefix,
  list,
  count,
  empty,
  scrollTestId,
  footer,
  deletion,
  children,
  dialogs,
}: ListPageProps) {
  const addButton = onAdd ? (
    <AddButton label={addLabel} onAdd={onAdd} testId={testIdPrefix ? `${testIdPrefix}-add` : undefined} />
  ) : null;
  return (
    <Box>
      <PageHeader
        title={title}
        description={description}
        actions={
          search ? (
            <SearchAndAdd
              searchLabel={search.label}
              search={search.input}
              onSearch={search.onInput}
              addLabel={addLabel}
              onAdd={onAdd}
              testIdPrefix={testIdPrefix}
            />
          ) : (
            addButton
          )
        }
      />
      <ListCard
        list={list}
        count={count}
        scrollTestId={scrollTestId}
        footer={footer}
        empty={{ ...empty, addLabel, onAdd: search?.active ? undefined : onAdd }}
      >
        {children}
      </ListCard>
      {dialogs}
      <ConfirmDialog {...deletion.dialog} title={deletion.title} confirmLabel={deletion.confirmLabel} destructive>
        {deletion.text}
      </ConfirmDialog>
    </Box>
  );
}
