import { registerNamespace } from '@/lib/i18n';
import { registerValidationBundle } from '@/lib/validation-bundles';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/quick-messages/locales), an i18n namespace of their own. */
export const QUICK_MESSAGES_NS = registerNamespace('quickMessages', { 'pt-BR': ptBR, en, es });

/** `QUICK_MESSAGE_MSG` (validation.quickMessage.*): the spec's duplicate-name warning (part 3 §8). */
registerValidationBundle('quickMessage.duplicateName', {
  'pt-BR': { quickMessage: { duplicateName: 'Um arquivo com este nome já foi anexado...' } },
  en: { quickMessage: { duplicateName: 'A file with this name is already attached...' } },
  es: { quickMessage: { duplicateName: 'Ya se adjuntó un archivo con este nombre...' } },
});
