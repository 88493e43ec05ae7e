import {
  INTEGRATION_FIELDS_SHOWN,
  REQUIRED_INTEGRATION_FIELDS,
  TYPEBOT_DEFAULTS,
  type QueueIntegrationDto,
  type QueueIntegrationFormValues,
  type QueueIntegrationType,
} from '@atende/shared';

/** The dialog's fields, in the order it shows them (each type shows its own: INTEGRATION_FIELDS_SHOWN). */
export const FORM_FIELDS = [
  'urlApi',
  'typebotSlug',
  'tokenApiKey',
  'clientId',
  'clientSecret',
  'apiVersion',
  'jsonContent',
  'typebotExpires',
  'typebotDelayMessage',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotRestartMessage',
  'typebotUnknownMessage',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export const fieldsShown = (type: QueueIntegrationType): FormField[] =>
  FORM_FIELDS.filter((f) => INTEGRATION_FIELDS_SHOWN[type].includes(f));

export const isRequired = (type: QueueIntegrationType, field: FormField): boolean =>
  (REQUIRED_INTEGRATION_FIELDS[type] as readonly string[]).includes(field);

export const SECRET_FIELDS: readonly FormField[] = ['tokenApiKey', 'clientSecret'];
export const NUMBER_FIELDS: readonly FormField[] = ['typebotExpires', 'typebotDelayMessage'];
export const LONG_FIELDS: readonly FormField[] = ['jsonContent', 'typebotRestartMessage', 'typebotUnknownMessage'];

/** A new form is a Typebot (spec part 2 §3); an edit starts from the stored values, secrets empty (kept unless retyped). */
export function formValuesOf(dto: QueueIntegrationDto | null): QueueIntegrationFormValues {
  if (!dto) {
    return {
      type: 'typebot',
      name: '',
      urlApi: '',
      tokenApiKey: '',
      clientId: '',
      clientSecret: '',
      apiVersion: '',
      jsonContent: '',
      language: '',
      outerInfo: '',
      sandbox: true,
      typebotSlug: '',
      typebotExpires: TYPEBOT_DEFAULTS.typebotExpires,
      typebotDelayMessage: TYPEBOT_DEFAULTS.typebotDelayMessage,
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotRestartMessage: '',
      typebotUnknownMessage: '',
    };
  }
  const { id: _id, projectName: _p, createdAt: _c, updatedAt: _u, ...fields } = dto;
  return { ...fields, tokenApiKey: '', clientSecret: '' };
}

/** The "open the tool" button of n8n and Typebot rows: the service's address, when it is a web URL. */
export const externalToolUrl = (dto: QueueIntegrationDto): string | null =>
  (dto.type === 'n8n' || dto.type === 'typebot') && /^https?:\/\//i.test(dto.urlApi) ? dto.urlApi : null;
