import { registerNamespace } from '@/lib/i18n';
import { registerValidationBundle } from '@/lib/validation-bundles';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/campaigns/locales), an i18n namespace of their own. */
export const CAMPAIGNS_NS = registerNamespace('campaigns', { 'pt-BR': ptBR, en, es });

/** `CAMPAIGN_MSG` (validation.campaign.*): the shared campaign schema's rules, as the editor shows them. */
registerValidationBundle('campaign.targetRequired', {
  'pt-BR': {
    campaign: {
      targetRequired: 'Escolha uma lista de contatos ou uma tag',
      connectionRequired: 'Escolha ao menos uma conexão',
      messageRequired: 'Preencha ao menos uma mensagem',
      confirmationMessageRequired: 'Com confirmação, preencha ao menos uma mensagem de confirmação',
      scheduledAtInvalid: 'Data de agendamento inválida',
    },
  },
  en: {
    campaign: {
      targetRequired: 'Choose a contact list or a tag',
      connectionRequired: 'Choose at least one connection',
      messageRequired: 'Fill in at least one message',
      confirmationMessageRequired: 'With confirmation on, fill in at least one confirmation message',
      scheduledAtInvalid: 'Invalid schedule date',
    },
  },
  es: {
    campaign: {
      targetRequired: 'Elija una lista de contactos o una etiqueta',
      connectionRequired: 'Elija al menos una conexión',
      messageRequired: 'Complete al menos un mensaje',
      confirmationMessageRequired: 'Con confirmación, complete al menos un mensaje de confirmación',
      scheduledAtInvalid: 'Fecha de programación no válida',
    },
  },
});
