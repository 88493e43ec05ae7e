import ptBR from '@/locales/workspace/pt-BR.json';
import en from '@/locales/workspace/en.json';
import es from '@/locales/workspace/es.json';
import { registerValidationBundle } from './validation-bundles';

/**
 * The texts of the ticket workspace's message keys (`TICKET_MSG`, `TICKET_NOTE_MSG`, `CONTACT_MSG`,
 * `MESSAGE_MSG`, `SCHEDULE_MSG`: `validation.{ticket,contact,message,schedule}.*`), pt-BR verbatim
 * from the spec, registered by the features that show them (decisions.md "Schedules and ticket tags").
 */
export function registerWorkspaceMessages(): void {
  registerValidationBundle('ticket.selectQueue', { 'pt-BR': ptBR, en, es });
}
