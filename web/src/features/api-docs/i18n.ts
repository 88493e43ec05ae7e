import { registerNamespace } from '@/lib/i18n';
import { registerValidationBundle } from '@/lib/validation-bundles';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/api-docs/locales), an i18n namespace of their own. */
export const API_DOCS_NS = registerNamespace('apiDocs', { 'pt-BR': ptBR, en, es });

/** `EXTERNAL_API_MSG` (validation.externalApi.*): the tester's number rule (spec part 3 §5). */
registerValidationBundle('externalApi.invalidNumber', {
  'pt-BR': { externalApi: { invalidNumber: 'Número inválido: use código do país + DDD + número, só dígitos.' } },
  en: { externalApi: { invalidNumber: 'Invalid number: use country code + area code + number, digits only.' } },
  es: { externalApi: { invalidNumber: 'Número inválido: usa código de país + código de área + número, solo dígitos.' } },
});
