import { ScheduleDialog as ScheduleEditor } from '@/entities/schedule';
import type { TicketDto } from '../../api/types';

interface ScheduleDialogProps {
  ticket: TicketDto;
  open: boolean;
  onClose: () => void;
}

/**
 * The ticket's schedule action (spec part 1 §4 "Scheduled message"): the shared schedule dialog for
 * the ticket's contact and conversation, with that contact's schedules listed under the form.
 */
export function ScheduleDialog({ ticket, open, onClose }: ScheduleDialogProps) {
  return (
    <ScheduleEditor
      open={open}
      onClose={onClose}
      contact={{ id: ticket.contactId, name: ticket.contact?.name ?? '' }}
      ticketId={ticket.id}
      showContactList
    />
  );
}
