import i18n from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** The feature brings its own namespace, so the shell's locale files stay untouched. */
export const CONNECTIONS_NS = 'connections';

for (const [lng, bundle] of [['pt-BR', ptBR], ['en', en], ['es', es]] as const) {
  if (!i18n.hasResourceBundle(lng, CONNECTIONS_NS)) i18n.addResourceBundle(lng, CONNECTIONS_NS, bundle, true, true);
}
