import { registerNamespace } from '@/lib/i18n';
import { registerValidationBundle } from '@/lib/validation-bundles';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/tags/locales), an i18n namespace of their own. */
export const TAGS_NS = registerNamespace('tags', { 'pt-BR': ptBR, en, es });

/** `TAG_MSG` (validation.tag.*): 'Mensagem muito curta' (spec part 3 §5 "Tag"). */
registerValidationBundle('tag.nameTooShort', {
  'pt-BR': { tag: { nameTooShort: 'Mensagem muito curta' } },
  en: { tag: { nameTooShort: 'Message too short' } },
  es: { tag: { nameTooShort: 'Mensaje muy corto' } },
});
