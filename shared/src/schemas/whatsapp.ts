/**
 * Connections (spec part 2 §3 "WhatsApp connection", §5 "Connection form", §6, §7) and the
 * messages/contacts the inbound worker records on them (spec part 1 §3).
 * The console form and the API share these schemas; the transfer rules live in ONE function
 * (`applyTransferRules`) that the form's superRefine and the API's domain both call.
 */
import * as z from '../zod';
import { CHANNELS, type Channel, type ConnectionStatus } from '../channel';
import { API_TOKEN_LENGTH, DEFAULT_CONNECTION_PROVIDER } from '../constants';
import type { ErrorCode } from '../errors';
import { idSchema } from './common';
import type { QueueRef } from './users';

/**
 * Message keys of the connection rules (spec part 2 §5–§7), translated by the console (`validation.*`;
 * pt-BR holds the spec's texts verbatim). Like `MSG`: keys, never texts.
 */
export const CONNECTION_MSG = {
  nameRequired: 'validation.connection.nameRequired',
  transferQueueNotSelected: 'validation.connection.transferQueueNotSelected',
  transferQueueRequired: 'validation.connection.transferQueueRequired',
  generateNeedsName: 'validation.connection.generateNeedsName',
  accessDenied: 'validation.connection.accessDenied',
  facebookDisabled: 'validation.connection.facebookDisabled',
  instagramDisabled: 'validation.connection.instagramDisabled',
  inDevelopment: 'validation.connection.inDevelopment',
  invalidToken: 'validation.connection.invalidToken',
  tokenTaken: 'validation.connection.tokenTaken',
  facebookUnavailable: 'validation.connection.facebookUnavailable',
  hostRestartRequested: 'validation.connection.hostRestartRequested',
  connectionLimit: 'validation.connection.connectionLimit',
  noOtherDefault: 'validation.connection.noOtherDefault',
  unknownQueue: 'validation.connection.unknownQueue',
} as const;

const API_TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 64 letters and digits from the platform CSPRNG (Web Crypto: browsers and Node 20 alike).
 * Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
 */
export function generateApiToken(length = API_TOKEN_LENGTH): string {
  const limit = 256 - (256 % API_TOKEN_ALPHABET.length);
  let token = '';
  while (token.length < length) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && token.length < length) token += API_TOKEN_ALPHABET[byte % API_TOKEN_ALPHABET.length];
    }
  }
  return token;
}

export const apiTokenSchema = z
  .string()
  .check(z.regex(new RegExp(`^[A-Za-z0-9]{${API_TOKEN_LENGTH}}$`), CONNECTION_MSG.invalidToken));

/**
 * '' / null / undefined / 0 all mean "no auto-transfer" (spec §5); strings from inputs are coerced.
 * `z.pipe(z.transform(f), schema)` is what classic zod's `z.preprocess(f, schema)` builds.
 */
const timeToTransferSchema = z.pipe(
  z.transform((v: unknown) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v)),
  z.nullable(z.number().check(z.int(), z.gte(0), z.lte(525_600))),
);
const optionalQueueIdSchema = z.pipe(
  z.transform((v: unknown) => (v === '' || v === undefined ? null : v)),
  z.nullable(idSchema),
);
const messageTextSchema = z.string().check(z.maxLength(4096));

/** Every field the form edits, none defaulted (so the update schema stays a true partial). */
const connectionFields = {
  name: z
    .string({ error: CONNECTION_MSG.nameRequired })
    .check(z.trim(), z.minLength(1, CONNECTION_MSG.nameRequired), z.maxLength(100)),
  channel: z.enum(CHANNELS),
  isDefault: z.boolean(),
  greetingMessage: messageTextSchema,
  complationMessage: messageTextSchema,
  outOfHoursMessage: messageTextSchema,
  ratingMessage: messageTextSchema,
  /** '' = keep the stored token (the field is read-only; the console only ever sends a generated one). */
  token: z.union([z.literal(''), apiTokenSchema]),
  provider: z.string().check(z.trim(), z.minLength(1), z.maxLength(20)),
  queueIds: z.array(idSchema).check(z.maxLength(100)),
  transferQueueId: optionalQueueIdSchema,
  timeToTransfer: timeToTransferSchema,
};

/** POST /whatsapp. Unknown keys (id, status, queues, session …) are dropped. */
export const createConnectionSchema = z.object({
  ...connectionFields,
  channel: z._default(connectionFields.channel, 'whatsapp'),
  isDefault: z._default(connectionFields.isDefault, false),
  greetingMessage: z._default(messageTextSchema, ''),
  complationMessage: z._default(messageTextSchema, ''),
  outOfHoursMessage: z._default(messageTextSchema, ''),
  ratingMessage: z._default(messageTextSchema, ''),
  token: z.optional(connectionFields.token),
  provider: z._default(connectionFields.provider, DEFAULT_CONNECTION_PROVIDER),
  queueIds: z._default(connectionFields.queueIds, []),
  transferQueueId: z.optional(optionalQueueIdSchema),
  timeToTransfer: z.optional(timeToTransferSchema),
});
export type CreateConnectionInput = z.infer<typeof createConnectionSchema>;

/** PUT /whatsapp/{id}: any subset; the transfer rules are checked on the merged result. */
export const updateConnectionSchema = z.partial(z.object(connectionFields));
export type UpdateConnectionInput = z.infer<typeof updateConnectionSchema>;

export interface TransferFields {
  queueIds?: string[];
  transferQueueId?: string | null;
  timeToTransfer?: number | null;
}
export type TransferRuleResult =
  | { ok: true; timeToTransfer: number | null; transferQueueId: string | null }
  | {
      ok: false;
      code: Extract<ErrorCode, 'ERR_TRANSFER_QUEUE_REQUIRED' | 'ERR_TRANSFER_QUEUE_NOT_SELECTED'>;
      message: string;
    };

/**
 * Spec §5: no minutes (empty, 0, null) clears queue and time; minutes without a queue, or with a
 * queue the connection does not serve, are refused with the spec's messages.
 */
export function applyTransferRules({ queueIds = [], transferQueueId, timeToTransfer }: TransferFields): TransferRuleResult {
  if (!timeToTransfer) return { ok: true, timeToTransfer: null, transferQueueId: null };
  if (!transferQueueId)
    return { ok: false, code: 'ERR_TRANSFER_QUEUE_REQUIRED', message: CONNECTION_MSG.transferQueueRequired };
  if (!queueIds.includes(transferQueueId)) {
    return { ok: false, code: 'ERR_TRANSFER_QUEUE_NOT_SELECTED', message: CONNECTION_MSG.transferQueueNotSelected };
  }
  return { ok: true, timeToTransfer, transferQueueId };
}

/** The console's connection dialog: the create schema plus the transfer rules as field errors. */
export const connectionFormSchema = z.pipe(
  createConnectionSchema.check(
    z.superRefine((value: CreateConnectionInput, ctx) => {
      const rule = applyTransferRules(value);
      if (!rule.ok)
        ctx.addIssue({ code: 'custom', path: ['transferQueueId'], message: rule.message, params: { errorCode: rule.code } });
    }),
  ),
  z.transform((value: CreateConnectionInput) => {
    const rule = applyTransferRules(value);
    return rule.ok ? { ...value, timeToTransfer: rule.timeToTransfer, transferQueueId: rule.transferQueueId } : value;
  }),
);
export type ConnectionFormInput = z.input<typeof connectionFormSchema>;
export type ConnectionFormOutput = z.output<typeof connectionFormSchema>;

/** GET /whatsapp?session=0 — `session` is accepted for compatibility; the session blob is never returned. */
export const listConnectionsQuerySchema = z.object({ session: z.optional(z.string().check(z.maxLength(5))) });

/** POST /facebook (spec §7); answered with ERR_FACEBOOK_DISABLED / ERR_INSTAGRAM_DISABLED / ERR_FEATURE_UNAVAILABLE. */
export const facebookConnectSchema = z.object({
  facebookUserId: z.optional(z.string().check(z.maxLength(200))),
  facebookUserToken: z.optional(z.string().check(z.maxLength(4096))),
  addInstagram: z.optional(z.union([z.boolean(), z.literal('true'), z.literal('false')])),
});

// ---------------------------------------------------------------- answers and realtime payloads

/** A connection as the API and the realtime events return it. `token` only for admins of companies with useApi. */
export interface ConnectionDto {
  id: string;
  name: string;
  channel: Channel;
  /** Digits only; '' until the channel reports it. */
  number: string;
  status: ConnectionStatus;
  /** Raw QR payload to render; '' when none is pending. */
  qrcode: string;
  pairingCode: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  token?: string;
  provider: string;
  timeToTransfer: number | null;
  transferQueueId: string | null;
  queueIds: string[];
  queues: QueueRef[];
  /** QR attempts of the current session start. */
  retries: number;
  createdAt: string;
  updatedAt: string;
}

// The realtime payloads of connections, messages and contacts live in realtime.ts (RealtimeEvents).
