/**
 * POST /messages/{ticketId}/uploads: presigned PUTs so the browser uploads media straight to S3
 * (never through the API). Keys live under the ticket's own prefix, so a send can only refer to
 * files uploaded for that ticket; type, size and count were validated by the shared schema.
 */
import { mayReplyToTicket, type RequestUploadsAnswer, type RequestUploadsInput } from '@atende/shared';
import { AppError } from '../../platform/app-error';
import { presignedUpload } from '../../platform/media-uploads';
import { outboundMediaKey } from '../../platform/storage';
import { accessDenied, visibleTicket, type TicketActor } from '../tickets/ticket-actor';

export async function requestUploads(
  actor: TicketActor,
  ticketId: string,
  input: RequestUploadsInput,
): Promise<RequestUploadsAnswer> {
  const ticket = await visibleTicket(actor, ticketId);
  if (!mayReplyToTicket(actor.viewer, ticket, actor.settings)) {
    throw ticket.status !== 'open' ? new AppError('ERR_NO_PERMISSION', 403) : accessDenied();
  }
  const uploads = await Promise.all(
    input.files.map((file) => presignedUpload(outboundMediaKey(ticket.companyId, ticket.id, file.fileName), file)),
  );
  return { uploads };
}
