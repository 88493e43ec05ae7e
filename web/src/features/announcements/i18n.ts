import { namespaceReady, registerNamespace } from '@/lib/i18n';
import { registerSaasMessages } from '@/lib/saas-messages';
import ptBR from './locales/pt-BR.json';

/** This feature's texts (web/src/features/announcements/locales), an i18n namespace of their own. */
export const ANNOUNCEMENTS_NS = registerNamespace('announcements', {
  'pt-BR': ptBR,
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
});
// en and es are fetched when needed (lib/i18n.ts registerNamespace; issue 28: not on the first load).
void namespaceReady(ANNOUNCEMENTS_NS);
registerSaasMessages();
