import { namespaceReady, registerNamespace } from '@/lib/i18n';
import { registerWorkspaceMessages } from '@/lib/workspace-messages';
import ptBR from './locales/pt-BR.json';

/**
 * The workspace brings its own namespace, so the shell's locale files stay untouched. en and es are
 * fetched when needed (lib/i18n.ts registerNamespace; issue 28: not on the tickets screen's first load).
 */
export const TICKETS_NS = registerNamespace('tickets', {
  'pt-BR': ptBR,
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
});
void namespaceReady(TICKETS_NS);

registerWorkspaceMessages();
