/**
 * /ticket-notes (spec part 1 §3 "Ticket note", §5: at least 2 characters). Whoever may see the
 * ticket reads and writes its notes; a note is deleted by its author or an admin.
 */
import { ulid } from '@atende/shared/ids';
import { isAdmin, TICKET_NOTE_MSG, type CreateTicketNoteInput, type TicketNoteDto } from '@atende/shared';
import {
  deleteTicketNote,
  getTicketNote,
  insertTicketNote,
  listTicketNotes,
  type TicketNoteRecord,
} from '../../data/ticket-notes';
import { getUsers } from '../../data/users';
import { AppError } from '../../platform/app-error';
import { accessDenied, visibleTicket, type TicketActor } from './ticket-actor';

async function toDtos(companyId: string, notes: TicketNoteRecord[]): Promise<TicketNoteDto[]> {
  const users = new Map((await getUsers(companyId, [...new Set(notes.map((n) => n.userId))])).map((u) => [u.id, u.name]));
  return notes.map((n) => ({
    id: n.id,
    note: n.note,
    ticketId: n.ticketId,
    contactId: n.contactId,
    userId: n.userId,
    user: { id: n.userId, name: users.get(n.userId) ?? '' },
    createdAt: n.createdAt,
  }));
}

export async function addTicketNote(
  actor: TicketActor,
  input: CreateTicketNoteInput,
): Promise<TicketNoteDto & { message: string }> {
  const ticket = await visibleTicket(actor, input.ticketId);
  if (input.contactId && input.contactId !== ticket.contactId)
    throw new AppError('ERR_VALIDATION', 400, { fields: { contactId: "not the ticket's contact" } });
  const note: TicketNoteRecord = {
    id: ulid(),
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: actor.viewer.userId,
    note: input.note,
    createdAt: new Date().toISOString(),
  };
  await insertTicketNote(note);
  return { ...(await toDtos(ticket.companyId, [note]))[0]!, message: TICKET_NOTE_MSG.added };
}

export async function listNotesOfTicket(actor: TicketActor, ticketId: string, contactId?: string): Promise<TicketNoteDto[]> {
  const ticket = await visibleTicket(actor, ticketId);
  if (contactId && contactId !== ticket.contactId) return [];
  return toDtos(ticket.companyId, await listTicketNotes(ticket.companyId, ticket.id)); // AP-N2
}

export async function removeTicketNote(actor: TicketActor, noteId: string): Promise<{ message: string }> {
  const note = await getTicketNote(actor.viewer.companyId, noteId); // AP-N1
  if (!note) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  await visibleTicket(actor, note.ticketId);
  if (note.userId !== actor.viewer.userId && !isAdmin(actor.viewer)) throw accessDenied();
  await deleteTicketNote(note.companyId, note.id);
  return { message: TICKET_NOTE_MSG.deleted };
}
