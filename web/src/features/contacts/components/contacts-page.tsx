import { Box } from '@chakra-ui/react';
import { CONTACT_BULK_MAX, mayDeleteContacts, mayImportExportContacts, type ContactDto } from '@atende/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuContact } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { useDebouncedSearch } from '@/hooks/use-debounced-search';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
import { useSession } from '@/hooks/use-session';
import { notify } from '@/lib/toaster';
import { contactKeys, useContactsList, useDeleteContact, useDeleteContacts } from '../api/contacts-api';
import { ContactDialog } from '@/entities/contact';
import { ContactListPicker } from '@/entities/contact-list';
import { useAddToList } from '../hooks/use-add-to-list';
import { useContactSelection } from '../hooks/use-contact-selection';
import { usePhoneImport } from '../hooks/use-phone-import';
import { CONTACTS_NS } from '../i18n';
import { contactsWorkbook, saveFile } from '@/lib/spreadsheet';
import { ContactTicketDialog } from './contact-ticket-dialog';
import { ContactsTable } from './contacts-table';
import { ContactsToolbar } from './contacts-toolbar';
import { ImportDialog } from './import-dialog';

/**
 * /contacts (spec part 3 "Contacts page"; issue 27): search over the contact index (debounced 500 ms),
 * infinite scroll, a new ticket, edit and delete per row; with contacts-page:importExportContact the
 * import/export menu (a spreadsheet, or the phone's address book) and select mode (bulk delete with
 * contacts-page:deleteContact, bulk export to contacts.xlsx). Live on `company-{id}-contact`.
 */
export function ContactsPage() {
  const { t } = useTranslation(CONTACTS_NS);
  const { viewer } = useSession();
  const mayImportExport = viewer ? mayImportExportContacts(viewer) : false;
  const mayDelete = viewer ? mayDeleteContacts(viewer) : false;
  const { input: searchInput, setInput: setSearchInput, search } = useDebouncedSearch();
  const list = useContactsList(search);
  const contacts = useMemo(() => list.data?.pages.flatMap((p) => p.contacts) ?? [], [list.data]);
  const selection = useContactSelection(contacts);
  /** The contact form: a contact's id to edit it, null for a new one, undefined when closed. */
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const client = useQueryClient();
  const [ticketFor, setTicketFor] = useState<ContactDto | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirmBulk, setConfirmBulk] = useState(false);
  const phoneImport = usePhoneImport();
  const addToList = useAddToList(() => selection.chosen.map((c) => c.id));
  const removeOne = useDeleteContact();
  const removeMany = useDeleteContacts();
  const deletion = useDeleteConfirmation({
    remove: (contact: ContactDto) => removeOne.mutateAsync(contact.id),
    pending: removeOne.isPending,
    done: t('deleted'),
  });

  const exportSelected = async () => {
    if (!selection.chosen.length) {
      notify.warning(t('noneSelected'));
      selection.start();
      return;
    }
    try {
      saveFile(await contactsWorkbook(selection.chosen), 'contacts.xlsx');
      notify.success(t('exported'));
    } catch (error) {
      notify.error(error);
    }
  };

  const deleteSelected = async () => {
    const ids = selection.chosen.map((c) => c.id);
    let deleted = 0;
    let refused = 0;
    try {
      for (let at = 0; at < ids.length; at += CONTACT_BULK_MAX) {
        const answer = await removeMany.mutateAsync(ids.slice(at, at + CONTACT_BULK_MAX));
        deleted += answer.deleted.length;
        refused += answer.refused.length;
        selection.forget(answer.deleted);
      }
      if (refused) notify.warning(t('deletedMany', { deleted, refused }));
      else notify.success(t('deletedAll', { count: deleted }));
      setConfirmBulk(false);
    } catch (error) {
      notify.error(error);
    }
  };

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <ContactsToolbar
            search={searchInput}
            onSearch={setSearchInput}
            mayImportExport={mayImportExport}
            mayDelete={mayDelete}
            selecting={selection.active}
            selectedCount={selection.chosen.length}
            onImport={() => setImporting(true)}
            onImportPhone={() => void phoneImport.run()}
            importingPhone={phoneImport.running}
            onExport={() => void exportSelected()}
            onSelect={selection.start}
            onDeleteSelected={() => setConfirmBulk(true)}
            onDoneSelecting={selection.stop}
            onAddToList={addToList.available ? addToList.open : undefined}
            onAdd={() => setEditing(null)}
          />
        }
      />
      <ListCard
        list={list}
        count={contacts.length}
        scrollTestId="contacts-scroll"
        empty={{
          testId: 'contacts-empty',
          icon: <LuContact />,
          title: t('empty'),
          description: search ? t('emptySearch', { search }) : t('emptyText'),
        }}
      >
        <ContactsTable
          contacts={contacts}
          selection={selection.ids}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          onNewTicket={setTicketFor}
          onEdit={(contact) => setEditing(contact.id)}
          onDelete={mayDelete ? deletion.ask : undefined}
        />
      </ListCard>
      {editing !== undefined ? (
        <ContactDialog
          key={editing ?? 'new'}
          open
          contactId={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => void client.invalidateQueries({ queryKey: contactKeys.all })}
        />
      ) : null}
      {ticketFor ? <ContactTicketDialog key={ticketFor.id} contact={ticketFor} onClose={() => setTicketFor(null)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      {addToList.picking ? <ContactListPicker onClose={addToList.close} onSelect={addToList.addTo} /> : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteTitle', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('common.delete', { ns: 'translation' })}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmBulk}
        loading={removeMany.isPending}
        onConfirm={() => void deleteSelected()}
        onClose={() => setConfirmBulk(false)}
        title={t('deleteManyTitle', { count: selection.chosen.length })}
        confirmLabel={t('common.delete', { ns: 'translation' })}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
