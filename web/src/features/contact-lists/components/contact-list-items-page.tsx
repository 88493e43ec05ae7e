import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import { mayDeleteContacts, type ContactListItemDto } from '@atende/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuDownload, LuUpload, LuUsers } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { SearchAndAdd } from '@/components/search-and-add';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useSession } from '@/hooks/use-session';
import { contactsWorkbook, saveFile } from '@/lib/spreadsheet';
import { notify } from '@/lib/toaster';
import { useContactList, useContactListItems, useDeleteContactListItem } from '../api/contact-lists-api';
import { CONTACT_LISTS_NS } from '../i18n';
import { CheckNumbersButton } from './check-numbers-button';
import { ContactListItemDialog } from './contact-list-item-dialog';
import { ContactListItemsTable } from './contact-list-items-table';
import { ListImportDialog } from './list-import-dialog';

/** The example spreadsheet's rows: the columns the import reads, as people write numbers. */
const EXAMPLE_ROWS = [
  { name: 'Maria Silva', number: '5511988887777', email: 'maria@exemplo.com' },
  { name: 'João Souza', number: '(21) 99876-5432', email: '' },
];

/**
 * /contact-lists/{contactListId}/contacts (spec part 3 "Contact list items page"): the list's name as
 * the title, search, the example spreadsheet, import, "Verificar números", add, and the items with their WhatsApp-valid
 * icon, name, number (formatted), e-mail, edit and delete (contacts-page:deleteContact). Live on
 * `company-{id}-ContactListItem` for this list.
 */
export function ContactListItemsPage() {
  const { t } = useTranslation(CONTACT_LISTS_NS);
  const listId = useParams().contactListId ?? '';
  const { viewer } = useSession();
  const mayDelete = viewer ? mayDeleteContacts(viewer) : false;
  const detail = useContactList(listId);
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useContactListItems(listId, search);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.contacts) ?? [], [list.data]);
  const [editing, setEditing] = useState<ContactListItemDto | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteContactListItem(listId);
  const deletion = useDeleteConfirmation({
    remove: (item: ContactListItemDto) => remove.mutateAsync(item.id),
    pending: remove.isPending,
    done: t('items.deleted'),
  });
  const add = () => setEditing('new');
  const downloadExample = async () => {
    try {
      saveFile(await contactsWorkbook(EXAMPLE_ROWS), 'planilha_exemplo.xlsx');
    } catch (error) {
      notify.error(error);
    }
  };

  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const info = detail.data;

  return (
    <Box>
      <Link asChild textStyle="sm" color="fg.muted" mb="2">
        <RouterLink to="/contact-lists">
          <LuArrowLeft />
          {t('items.back')}
        </RouterLink>
      </Link>
      <PageHeader
        title={info?.name ?? '…'}
        description={info ? t('items.count', { count: info.contactsCount, limit: info.contactsLimit }) : undefined}
        actions={
          <HStack gap="2" wrap="wrap" justify={{ base: 'stretch', md: 'flex-end' }}>
            <SearchAndAdd
              searchLabel={t('items.search')}
              search={searchInput}
              onSearch={setSearchInput}
              addLabel={t('items.add')}
              onAdd={add}
              testIdPrefix="contact-list-items"
            />
            <Button variant="outline" onClick={() => setImporting(true)} data-testid="contact-list-items-import">
              <LuUpload />
              {t('items.import')}
            </Button>
            <CheckNumbersButton listId={listId} />
            <Button variant="ghost" onClick={() => void downloadExample()} data-testid="contact-list-items-example">
              <LuDownload />
              <Text as="span">{t('items.example')}</Text>
            </Button>
          </HStack>
        }
      />
      <ListCard
        list={list}
        count={items.length}
        scrollTestId="contact-list-items-scroll"
        empty={{
          testId: 'contact-list-items-empty',
          icon: <LuUsers />,
          title: t('items.empty'),
          description: search ? t('items.emptySearch', { search }) : t('items.emptyText'),
          addLabel: t('items.add'),
          onAdd: search ? undefined : add,
        }}
      >
        <ContactListItemsTable items={items} onEdit={setEditing} onDelete={mayDelete ? deletion.ask : undefined} />
      </ListCard>
      {editing ? (
        <ContactListItemDialog
          key={editing === 'new' ? 'new' : editing.id}
          listId={listId}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {importing ? <ListImportDialog listId={listId} onClose={() => setImporting(false)} /> : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('items.deleteTitle', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('delete')}
        destructive
      >
        {t('items.deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
