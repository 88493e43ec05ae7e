import { registerValidationBundle } from '@/lib/validation-bundles';
import { registerNamespace } from '@/lib/i18n';
import ptBR from './locales/pt-BR.json';
import en from './locales/en.json';
import es from './locales/es.json';

/** This feature's texts (web/src/features/queues/locales), an i18n namespace of their own. */
export const QUEUES_NS = registerNamespace('queues', { 'pt-BR': ptBR, en, es });

// The queue form's rule messages (shared QUEUE_MSG: `validation.queue.*`; pt-BR as part 3 §5 writes them).
registerValidationBundle('queue.required', {
  'pt-BR': { queue: ptBR.validation },
  en: { queue: en.validation },
  es: { queue: es.validation },
});
registerValidationBundle('hours.invalidTime', {
  'pt-BR': { hours: ptBR.validationHours },
  en: { hours: en.validationHours },
  es: { hours: es.validationHours },
});
