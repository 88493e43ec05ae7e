import { registerNamespace } from '@/lib/i18n';
import { registerValidationBundle } from '@/lib/validation-bundles';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/dashboard/locales), an i18n namespace of their own. */
export const DASHBOARD_NS = registerNamespace('dashboard', { 'pt-BR': ptBR, en, es });

/** `DASHBOARD_MSG` (validation.dashboard.*): 'Parametrize o filtro' (spec part 1 §5). */
registerValidationBundle('dashboard.filterRequired', {
  'pt-BR': { dashboard: { filterRequired: 'Parametrize o filtro', rangeInvalid: 'Período inválido.' } },
  en: { dashboard: { filterRequired: 'Set the filter', rangeInvalid: 'Invalid period.' } },
  es: { dashboard: { filterRequired: 'Configure el filtro', rangeInvalid: 'Período inválido.' } },
});
