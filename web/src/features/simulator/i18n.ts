import i18n from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

export const SIMULATOR_NS = 'simulator';

for (const [lng, bundle] of [['pt-BR', ptBR], ['en', en], ['es', es]] as const) {
  if (!i18n.hasResourceBundle(lng, SIMULATOR_NS)) i18n.addResourceBundle(lng, SIMULATOR_NS, bundle, true, true);
}
