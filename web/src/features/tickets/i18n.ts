import i18n from '@/lib/i18n';
import { registerWorkspaceMessages } from '@/lib/workspace-messages';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** The workspace brings its own namespace, so the shell's locale files stay untouched. */
export const TICKETS_NS = 'tickets';

for (const [lng, bundle] of [
  ['pt-BR', ptBR],
  ['en', en],
  ['es', es],
] as const) {
  if (!i18n.hasResourceBundle(lng, TICKETS_NS)) i18n.addResourceBundle(lng, TICKETS_NS, bundle, true, true);
}

registerWorkspaceMessages();
