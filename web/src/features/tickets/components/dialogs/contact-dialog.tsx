import { useQueryClient } from '@tanstack/react-query';
import { ContactDialog as ContactFormDialog, type ContactDialogProps } from '@/entities/contact';
import { ticketKeys } from '../../api/keys';

/**
 * The contact entity's dialog as the tickets screen opens it (new ticket, the conversation's drawer):
 * the rows and headers that show the contact's name are read again once it is saved.
 */
export function ContactDialog(props: ContactDialogProps) {
  const client = useQueryClient();
  return (
    <ContactFormDialog
      {...props}
      onSaved={(saved) => {
        void client.invalidateQueries({ queryKey: ticketKeys.all });
        props.onSaved?.(saved);
      }}
    />
  );
}
