import { namespaceReady, registerNamespace } from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';

/** This feature's texts (web/src/features/auth/locales), an i18n namespace of their own. */
export const AUTH_NS = registerNamespace('auth', {
  'pt-BR': ptBR,
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
});
// en and es are fetched when needed (lib/i18n.ts registerNamespace; issue 28: not on the first load).
void namespaceReady(AUTH_NS);
