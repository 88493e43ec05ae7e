import type { ContactListDto } from '@atende/shared';
import { useMemo } from 'react';
import { LuListChecks } from 'react-icons/lu';
import { ListPage } from '@/components/list-page';
import { useListPage } from '@/hooks/use-list-page';
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
  const page = useListPage<ContactListDto>({ ns: CONTACT_LISTS_NS, remove: useDeleteContactList(), name: (l) => l.name });
  const list = useContactListsPage(page.search);
  const lists = useMemo(() => list.data?.pages.flatMap((p) => p.records) ?? [], [list.data]);

  return (
    <ListPage
      {...page.page}
      testIdPrefix="contact-lists"
      list={list}
      count={lists.length}
      scrollTestId="contact-lists-scroll"
      empty={{ testId: 'contact-lists-empty', icon: <LuListChecks />, ...page.emptyTexts }}
      dialogs={
        page.edited ? <ContactListDialog key={page.edited.key} list={page.edited.record} onClose={page.closeEdit} /> : null
      }
    >
      <ContactListsTable lists={lists} onEdit={page.edit} onDelete={page.askDelete} />
    </ListPage>
  );
}
