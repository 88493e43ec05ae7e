import { LANGUAGES } from '@atende/shared';
import i18n from './i18n';
import ptBR from '@/locales/saas/pt-BR.json';
import en from '@/locales/saas/en.json';
import es from '@/locales/saas/es.json';

const BUNDLES = { 'pt-BR': ptBR, en, es } as const;

/**
 * The texts of `SAAS_MSG` (`validation.saas.*`: sign-up, companies, plans, checkout, announcements),
 * added to the shell's namespace by the features that use those schemas, so `translateMessage`
 * finds them, without weighing on the sign-in page's first load (decisions.md "SaaS platform console").
 */
let listening = false;

export function registerSaasMessages(): void {
  addMissing();
  // A shell bundle fetched later (en/es, on demand) is merged shallowly and would drop them: add them back.
  if (!listening) {
    listening = true;
    i18n.on('loaded', addMissing);
  }
}

function addMissing(): void {
  for (const lng of LANGUAGES) {
    if (!i18n.exists('validation.saas.required', { lng, fallbackLng: [] })) {
      i18n.addResourceBundle(lng, 'translation', { validation: { saas: BUNDLES[lng] } }, true, false);
    }
  }
}
