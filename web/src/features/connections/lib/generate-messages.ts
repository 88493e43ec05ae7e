import { generateApiToken } from '@atende/shared';

/**
 * "Generate messages" in the connection dialog (spec part 2 §2, §5): fills the four
 * templates from the name typed in the form. The greeting uses spintax ({a|b|c}: one
 * option is drawn per send) and the placeholders the message sender expands:
 * {{ms}} = greeting for the time of day, {{name}} = contact name, {{protocol}} = ticket protocol.
 * Templates are plain strings (not i18next resources) because i18next would try to
 * interpolate the {{…}} placeholders.
 */
export interface GeneratedMessages {
  name: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token?: string;
}

export type GenerateMessagesResult = { ok: true; values: GeneratedMessages } | { ok: false; reason: 'nameRequired' };

type Templates = Record<Exclude<keyof GeneratedMessages, 'name' | 'token'>, (company: string) => string>;

const TEMPLATES: Record<'pt-BR' | 'en' | 'es', Templates> = {
  'pt-BR': {
    greetingMessage: (c) =>
      `{Olá|Oi|Bem-vindo(a)}, {{name}}! {{ms}}, você está falando com a *${c}*.\n` +
      `Seu protocolo de atendimento é *{{protocol}}*.\n{Como podemos ajudar?|Em que posso ajudar?|Conte pra gente como podemos ajudar.}`,
    complationMessage: (c) =>
      `A *${c}* agradece o seu contato, {{name}}! {Até logo|Até breve|Conte sempre com a gente}.\nProtocolo: *{{protocol}}*`,
    outOfHoursMessage: (c) =>
      `{{ms}}, {{name}}! No momento estamos fora do horário de atendimento da *${c}*.\n` +
      `Deixe sua mensagem que responderemos assim que possível.`,
    ratingMessage: (c) =>
      `{{name}}, como você avalia o atendimento da *${c}*?\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito`,
  },
  en: {
    greetingMessage: (c) =>
      `{Hello|Hi|Welcome}, {{name}}! {{ms}}, you are talking to *${c}*.\n` +
      `Your ticket protocol is *{{protocol}}*.\n{How can we help?|How may I help you?|Tell us how we can help.}`,
    complationMessage: (c) =>
      `*${c}* thanks you for reaching out, {{name}}! {See you soon|Goodbye|We are always here for you}.\nProtocol: *{{protocol}}*`,
    outOfHoursMessage: (c) =>
      `{{ms}}, {{name}}! *${c}* is currently outside business hours.\nLeave your message and we will answer as soon as possible.`,
    ratingMessage: (c) =>
      `{{name}}, how would you rate *${c}*'s service?\n*1* - Unsatisfied\n*2* - Satisfied\n*3* - Very satisfied`,
  },
  es: {
    greetingMessage: (c) =>
      `{Hola|Buenas|Bienvenido(a)}, {{name}}! {{ms}}, estás hablando con *${c}*.\n` +
      `Tu protocolo de atención es *{{protocol}}*.\n{¿Cómo podemos ayudarte?|¿En qué puedo ayudarte?|Cuéntanos cómo podemos ayudarte.}`,
    complationMessage: (c) =>
      `*${c}* agradece tu contacto, {{name}}! {Hasta luego|Hasta pronto|Cuenta siempre con nosotros}.\nProtocolo: *{{protocol}}*`,
    outOfHoursMessage: (c) =>
      `{{ms}}, {{name}}! En este momento *${c}* está fuera del horario de atención.\nDeja tu mensaje y responderemos lo antes posible.`,
    ratingMessage: (c) =>
      `{{name}}, ¿cómo calificas la atención de *${c}*?\n*1* - Insatisfecho\n*2* - Satisfecho\n*3* - Muy satisfecho`,
  },
};

function templatesFor(language: string): Templates {
  if (language.startsWith('en')) return TEMPLATES.en;
  if (language.startsWith('es')) return TEMPLATES.es;
  return TEMPLATES['pt-BR'];
}

export function generateMessages(input: { name: string; useApi: boolean; language: string }): GenerateMessagesResult {
  const company = input.name.replace(/\*/g, '').trim();
  if (!company) return { ok: false, reason: 'nameRequired' };
  const templates = templatesFor(input.language);
  return {
    ok: true,
    values: {
      name: company,
      greetingMessage: templates.greetingMessage(company),
      complationMessage: templates.complationMessage(company),
      outOfHoursMessage: templates.outOfHoursMessage(company),
      ratingMessage: templates.ratingMessage(company),
      ...(input.useApi ? { token: generateApiToken() } : {}),
    },
  };
}
