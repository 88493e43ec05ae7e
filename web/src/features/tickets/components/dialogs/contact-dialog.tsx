import { useQueryClient } from '@tanstack/react-query';
import { mayEditContactLid } from '@atende/shared';
import { ContactDialog as ContactFormDialog, type ContactDialogProps } from '@/entities/contact';
import { ticketKeys } from '../../api/keys';
import { useViewer } from '../../hooks/use-viewer';

/**
 * The contact entity's dialog as the tickets screen opens it (new ticket, the conversation's drawer):
 * the lid for admins, and the rows and headers that show the contact's name read again once it is saved.
 */
export function ContactDialog(props: Omit<ContactDialogProps, 'canEditLid'>) {
  const client = useQueryClient();
  const { viewer } = useViewer();
  return (
    <ContactFormDialog
      {...props}
      canEditLid={viewer ? mayEditContactLid(viewer) : false}
      onSaved={(saved) => {
        void client.invalidateQueries({ queryKey: ticketKeys.all });
        props.onSaved?.(saved);
      }}
    />
  );
}
