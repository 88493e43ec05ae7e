import { registerNamespace } from '@/lib/i18n';
import { registerSaasMessages } from '@/lib/saas-messages';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/settings/locales), an i18n namespace of their own. */
export const SETTINGS_NS = registerNamespace('settings', { 'pt-BR': ptBR, en, es });
registerSaasMessages();
