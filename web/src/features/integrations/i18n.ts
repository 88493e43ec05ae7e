import { registerNamespace } from '@/lib/i18n';
import { registerSaasMessages } from '@/lib/saas-messages';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/integrations/locales), an i18n namespace of their own. */
export const INTEGRATIONS_NS = registerNamespace('integrations', { 'pt-BR': ptBR, en, es });
// The dialog's rules use the SaaS message keys ('Obrigatório', 'Muito curto!', 'Muito longo!').
registerSaasMessages();
