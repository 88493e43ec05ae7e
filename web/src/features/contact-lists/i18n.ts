import { registerNamespace } from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/contact-lists/locales), an i18n namespace of their own. */
export const CONTACT_LISTS_NS = registerNamespace('contactLists', { 'pt-BR': ptBR, en, es });
