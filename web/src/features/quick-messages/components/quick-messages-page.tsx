import { Box, Button } from '@chakra-ui/react';
import type { QuickMessageDto } from '@atende/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus, LuZap } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListCard } from '@/components/list-card';
import { PageHeader } from '@/components/page-header';
import { useDeleteConfirmation } from '@/hooks/use-delete-confirmation';
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
  const { t } = useTranslation(QUICK_MESSAGES_NS);
  const { viewer } = useSession();
  const list = useQuickMessagesList();
  const [editing, setEditing] = useState<QuickMessageDto | 'new' | null>(null);
  const remove = useDeleteQuickMessage();
  const deletion = useDeleteConfirmation({
    remove: (q: QuickMessageDto) => remove.mutateAsync(q.id),
    pending: remove.isPending,
    done: t('deleted'),
  });
  const add = () => setEditing('new');
  const records = list.data ?? [];

  return (
    <Box>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={add} data-testid="quick-messages-add">
            <LuPlus />
            {t('add')}
          </Button>
        }
      />
      <ListCard
        list={list}
        count={records.length}
        empty={{
          testId: 'quick-messages-empty',
          icon: <LuZap />,
          title: t('empty'),
          description: t('emptyText'),
          addLabel: t('add'),
          onAdd: add,
        }}
      >
        <QuickMessagesTable records={records} viewer={viewer} onEdit={setEditing} onDelete={deletion.ask} />
      </ListCard>
      {editing ? (
        <QuickMessageDialog
          key={editing === 'new' ? 'new' : editing.id}
          record={editing === 'new' ? null : editing}
          viewer={viewer}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteTitle', { name: deletion.target?.shortcode ?? '' })}
        confirmLabel={t('delete')}
        destructive
      >
        {t('deleteText')}
      </ConfirmDialog>
    </Box>
  );
}
