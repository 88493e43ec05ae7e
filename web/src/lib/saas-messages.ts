import ptBR from '@/locales/saas/pt-BR.json';
import en from '@/locales/saas/en.json';
import es from '@/locales/saas/es.json';
import { registerValidationBundle } from './validation-bundles';

/**
 * The texts of `SAAS_MSG` (`validation.saas.*`: sign-up, companies, plans, checkout, announcements),
 * added to the shell's namespace by the features that use those schemas, so `translateMessage`
 * finds them, without weighing on the sign-in page's first load (decisions.md "SaaS platform console").
 */
export function registerSaasMessages(): void {
  registerValidationBundle('saas.required', { 'pt-BR': { saas: ptBR }, en: { saas: en }, es: { saas: es } });
}
