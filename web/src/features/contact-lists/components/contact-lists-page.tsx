import { Box } from '@chakra-ui/react';
import type { ContactListDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuListChecks } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useContactListsPage, useDeleteContactList } from '../api/contact-lists-api';
import { CONTACT_LISTS_NS } from '../i18n';
import { ContactListDialog } from './contact-list-dialog';
import { ContactListsTable } from './contact-lists-table';

/**
 * /contact-lists (spec part 3 "Contact lists page"): search (debounced 500 ms), the lists by name with
 * their contact counts, infinite scroll, add, open items, edit, delete with a confirmation; live on
 * `company-{id}-ContactList`. Reached with the `cshow` flag and campaignsEnabled (router.tsx).
 */
export function ContactListsPage() {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useContactListsPage(search);
  const lists = useMemo(() => list.data?.pages.flatMap((p) => p.records) ?? [], [list.data]);
  const [editing, setEditing] = useState<ContactListDto | 'new' | null>(null);
  const remove = useDeleteContactList();
  const deletion = useDeleteConfirmation({
    remove: (target: ContactListDto) => remove.mutateAsync(target.id),
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
            testIdPrefix="contact-lists"
          />
        }
      />
      <ListCard
        list={list}
        count={lists.length}
        scrollTestId="contact-lists-scroll"
        empty={{
          testId: 'contact-lists-empty',
          icon: <LuListChecks />,
          title: t('empty'),
          description: search ? t('emptySearch', { search }) : t('emptyText'),
          addLabel: t('add'),
          onAdd: search ? undefined : add,
        }}
      >
        <ContactListsTable lists={lists} onEdit={setEditing} onDelete={deletion.ask} />
      </ListCard>
      {editing ? (
        <ContactListDialog
          key={editing === 'new' ? 'new' : editing.id}
          list={editing === 'new' ? null : editing}
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
