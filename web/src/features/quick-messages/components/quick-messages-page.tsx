import type { QuickMessageDto } from '@atende/shared';
import { LuZap } from 'react-icons/lu';
import { ListPage } from '@/components/list-page';
import { useListPage } from '@/hooks/use-list-page';
import { useSession } from '@/hooks/use-session';
import { useDeleteQuickMessage, useQuickMessagesList } from '../api/quick-messages-api';
import { QUICK_MESSAGES_NS } from '../i18n';
import { QuickMessageDialog } from './quick-message-dialog';
import { QuickMessagesTable } from './quick-messages-table';

/**
 * /quick-messages (spec part 3 §2 "Quick replies page"): the company's replies and the viewer's own,
 * add, edit and delete where the policy allows (policy/quick-messages.ts), live on
 * `company-{id}-quickmessage`. A company has tens of replies: one list, no paging.
 */
export function QuickMessagesPage() {
  const { viewer } = useSession();
  const page = useListPage<QuickMessageDto>({
    ns: QUICK_MESSAGES_NS,
    remove: useDeleteQuickMessage(),
    name: (q) => q.shortcode,
    search: false,
  });
  const list = useQuickMessagesList();
  const records = list.data ?? [];

  return (
    <ListPage
      {...page.page}
      testIdPrefix="quick-messages"
      list={list}
      count={records.length}
      empty={{ testId: 'quick-messages-empty', icon: <LuZap />, ...page.emptyTexts }}
      dialogs={
        page.edited ? (
          <QuickMessageDialog key={page.edited.key} record={page.edited.record} viewer={viewer} onClose={page.closeEdit} />
        ) : null
      }
    >
      <QuickMessagesTable records={records} viewer={viewer} onEdit={page.edit} onDelete={page.askDelete} />
    </ListPage>
  );
}
