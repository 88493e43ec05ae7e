import { registerNamespace } from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/chats/locales), an i18n namespace of their own. */
export const CHATS_NS = registerNamespace('chats', { 'pt-BR': ptBR, en, es });
