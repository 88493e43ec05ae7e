import { isApiError } from '@/lib/api-client';
import { errorMessage, toaster } from '@/lib/toaster';

/**
 * A ticket the viewer can no longer act on: 403 (moved out of their queues, 'Acesso não permitido')
 * or 404 (deleted). Several paths find out at once — the action that failed, the conversation on
 * screen re-read, StrictMode's second effect — and all of them raise this one toast (a fixed id: a
 * second `create` updates the toast on screen instead of stacking another).
 */
export const TICKET_GONE_TOAST = 'ticket-gone';

export const isTicketDenied = (error: unknown): boolean =>
  isApiError(error) && error.code !== 'ERR_SESSION_EXPIRED' && (error.status === 403 || error.code === 'ERR_NO_PERMISSION');

export const isTicketGone = (error: unknown): boolean =>
  isTicketDenied(error) || (isApiError(error) && error.code === 'ERR_NO_TICKET_FOUND');

/** `deniedText` is the workspace's 'Acesso não permitido'; a deleted ticket says the error's own text. */
export function notifyTicketGone(error: unknown, deniedText: string): void {
  toaster.create({ id: TICKET_GONE_TOAST, type: 'error', title: isTicketDenied(error) ? deniedText : errorMessage(error) });
}
