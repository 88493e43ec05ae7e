import { registerNamespace } from '@/lib/i18n';
import { registerWorkspaceMessages } from '@/lib/workspace-messages';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** The schedule dialog's and the /schedules page's texts, and the schedule/attachment rule messages. */
export const SCHEDULES_NS = registerNamespace('schedules', { 'pt-BR': ptBR, en, es });
registerWorkspaceMessages();
