import { registerNamespace } from '@/lib/i18n';
import { registerValidationBundle } from '@/lib/validation-bundles';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** Texts of the contact-list entity (picker, capacity and WhatsApp-check messages), shared by the screens that use it. */
export const CONTACT_LIST_NS = registerNamespace('contactList', { 'pt-BR': ptBR, en, es });

/** `CONTACT_LIST_MSG` (validation.contactList.*). */
registerValidationBundle('contactList.pickerNameTooShort', {
  'pt-BR': {
    contactList: {
      pickerNameTooShort: 'O nome da lista precisa de ao menos 3 caracteres',
      numberTooShort: 'Muito curto!',
      numberInvalid: 'Número inválido',
    },
  },
  en: {
    contactList: {
      pickerNameTooShort: 'The list name needs at least 3 characters',
      numberTooShort: 'Too short!',
      numberInvalid: 'Invalid number',
    },
  },
  es: {
    contactList: {
      pickerNameTooShort: 'El nombre de la lista necesita al menos 3 caracteres',
      numberTooShort: '¡Muy corto!',
      numberInvalid: 'Número inválido',
    },
  },
});
