import { registerNamespace } from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** Texts of the contact entity (the contact picker), shared by the screens that use it. */
export const CONTACT_NS = registerNamespace('contact', { 'pt-BR': ptBR, en, es });
