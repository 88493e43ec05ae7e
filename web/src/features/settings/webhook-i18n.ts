import { registerNamespace } from '@/lib/i18n';
import { registerSaasMessages } from '@/lib/saas-messages';
import ptBR from './locales/webhook/pt-BR.json';
import en from './locales/webhook/en.json';
import es from './locales/webhook/es.json';

/** The Webhook panel's texts (web/src/features/settings/locales/webhook), a namespace of their own. */
export const WEBHOOK_NS = registerNamespace('settingsWebhook', { 'pt-BR': ptBR, en, es });
registerSaasMessages();
