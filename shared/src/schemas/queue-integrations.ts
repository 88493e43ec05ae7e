/**
 * Queue integrations (spec part 2 §2 "Integrations screen", §3 "Queue integration", §5 "Integration
 * form", §7 "Queue integrations"). One schema builder serves the console's dialog and the API: the
 * per-type required fields are checked here, so a form and a request fail the same way.
 *
 * Secrets (`tokenApiKey`, `clientSecret`) are write-only: the API stores them encrypted and answers
 * them masked (`maskSecret`). On edit an empty secret keeps the stored one, so the edit schema does
 * not require them.
 */
import * as z from '../zod';
import { cursorSchema, pageNumberSchema, searchParamSchema } from './common';
import { SAAS_MSG } from './saas-messages';

export const QUEUE_INTEGRATION_TYPES = ['typebot', 'n8n', 'webhook', 'openai', 'asaas', 'ixc', 'mk-auth'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/** The types the platform runs when a ticket enters their queue; the others are stored for the console. */
export const RUNNABLE_INTEGRATION_TYPES: readonly QueueIntegrationType[] = ['typebot', 'n8n', 'webhook', 'openai'];

/** Spec part 2 §3: the OpenAI model options. */
export const OPENAI_MODELS = [
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-0301',
  'gpt-3.5-turbo-0613',
  'gpt-3.5-turbo-1106',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-16k-0613',
  'gpt-3.5-turbo-instruct',
  'gpt-3.5-turbo-instruct-0914',
] as const;

/** Spec part 2 §9: Typebot defaults. */
export const TYPEBOT_DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 } as const;

type FieldName = 'urlApi' | 'tokenApiKey' | 'clientId' | 'clientSecret' | 'apiVersion' | 'typebotSlug';

/** Spec part 2 §3 "Fields shown and required per type" (besides name and type). */
export const REQUIRED_INTEGRATION_FIELDS: Record<QueueIntegrationType, readonly FieldName[]> = {
  'mk-auth': ['urlApi', 'clientId', 'clientSecret'],
  ixc: ['urlApi', 'tokenApiKey'],
  asaas: ['urlApi', 'tokenApiKey'],
  openai: ['urlApi', 'tokenApiKey', 'apiVersion'],
  n8n: ['urlApi'],
  webhook: ['urlApi'],
  typebot: ['urlApi', 'typebotSlug'],
};

/** The fields the dialog shows for a type (the typebot type adds its optional fields). */
export const INTEGRATION_FIELDS_SHOWN: Record<QueueIntegrationType, readonly string[]> = {
  ...REQUIRED_INTEGRATION_FIELDS,
  openai: ['urlApi', 'tokenApiKey', 'apiVersion', 'jsonContent'],
  typebot: [
    'urlApi',
    'typebotSlug',
    'typebotExpires',
    'typebotDelayMessage',
    'typebotKeywordFinish',
    'typebotKeywordRestart',
    'typebotRestartMessage',
    'typebotUnknownMessage',
  ],
};

export const SECRET_INTEGRATION_FIELDS = ['tokenApiKey', 'clientSecret'] as const;

const text = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, SAAS_MSG.tooLong)), '');

/** Link-local addresses (cloud metadata endpoints) are never an integration's target. */
const notLinkLocal = (value: string) => {
  try {
    return !/^169\.254\./.test(new URL(value).hostname);
  } catch {
    return false;
  }
};
const urlText = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(500, SAAS_MSG.tooLong),
    z.refine((v) => v === '' || (/^https?:\/\//i.test(v) && notLinkLocal(v)), SAAS_MSG.invalidValue),
  ),
  '',
);

const baseShape = {
  type: z._default(z.enum(QUEUE_INTEGRATION_TYPES, { error: SAAS_MSG.required }), 'typebot'),
  name: z
    .string({ error: SAAS_MSG.required })
    .check(
      z.trim(),
      z.minLength(1, SAAS_MSG.required),
      z.minLength(2, SAAS_MSG.tooShort),
      z.maxLength(50, SAAS_MSG.tooLong),
    ),
  urlApi: urlText,
  tokenApiKey: text(500),
  clientId: text(200),
  clientSecret: text(500),
  apiVersion: text(50),
  /** OpenAI: the system prompt. Other types: free JSON/text the integration reads. */
  jsonContent: text(8000),
  language: text(20),
  outerInfo: text(500),
  sandbox: z._default(z.boolean(), true),
  typebotSlug: text(200),
  typebotExpires: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_080)), TYPEBOT_DEFAULTS.typebotExpires),
  typebotDelayMessage: z._default(
    z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)),
    TYPEBOT_DEFAULTS.typebotDelayMessage,
  ),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotRestartMessage: text(1000),
  typebotUnknownMessage: text(1000),
};

/**
 * The dialog's schema. `editing`: the secrets may stay empty (the stored ones are kept).
 * Each missing required field is reported on its own path with the 'Obrigatório' key.
 */
export function queueIntegrationSchema(editing: boolean) {
  return z.object(baseShape).check(
    z.superRefine((value, ctx) => {
      for (const field of REQUIRED_INTEGRATION_FIELDS[value.type]) {
        if (editing && (SECRET_INTEGRATION_FIELDS as readonly string[]).includes(field)) continue;
        if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: SAAS_MSG.required, input: value[field] });
      }
    }),
  );
}
export const createQueueIntegrationSchema = queueIntegrationSchema(false);
export const updateQueueIntegrationSchema = queueIntegrationSchema(true);
export type QueueIntegrationInput = z.output<typeof createQueueIntegrationSchema>;
export type QueueIntegrationFormValues = z.input<typeof createQueueIntegrationSchema>;

/** GET /queueIntegration: lower-cased search over the names, page by page (spec part 2 §7). */
export const listQueueIntegrationsQuerySchema = z.object({
  searchParam: z.pipe(
    searchParamSchema,
    z.transform((s: string) => s.toLowerCase()),
  ),
  pageNumber: pageNumberSchema,
  cursor: cursorSchema,
});
export type ListQueueIntegrationsQuery = z.output<typeof listQueueIntegrationsQuerySchema>;

/** What the API answers: secrets masked, never in full. */
export interface QueueIntegrationDto extends Omit<QueueIntegrationInput, 'tokenApiKey' | 'clientSecret'> {
  id: string;
  /** Always equal to name (spec part 2 §3). */
  projectName: string;
  /** Masked (`••••abcd`), '' when none is stored. */
  tokenApiKey: string;
  clientSecret: string;
  createdAt: string;
  updatedAt: string;
}

export interface QueueIntegrationListAnswer {
  queueIntegrations: QueueIntegrationDto[];
  hasMore: boolean;
  cursor?: string;
}

/** `company-<cid>-queueIntegration` (spec part 2 §4 "Integrations live events"). */
export type QueueIntegrationRealtimeData =
  { action: 'create' | 'update'; queueIntegration: QueueIntegrationDto } | { action: 'delete'; integrationId: string };

/** A stored secret as the console sees it: its last four characters at most. */
export const maskSecret = (secret: string): string => (secret ? `••••${secret.length > 8 ? secret.slice(-4) : ''}` : '');
