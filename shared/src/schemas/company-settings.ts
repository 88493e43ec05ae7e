/**
 * The settings a company admin sets on Settings → Options (spec part 2 §2 "Options tab", §3 setting
 * keys; part 1 §6). Each key has its own schema: `PUT /settings/{key}` parses the value with it and
 * the console's controls offer only what it accepts. Values are stored as text, like the spec's.
 *
 * The Webhook panel has its own route and record (PUT /webhook, docs/webhooks.md), so `webhook` is not
 * written here.
 *
 * What each one does (the API's tests exercise every effect):
 * - userRating: on resolve, the connection's rating question first (domain/bots);
 * - scheduleType: whose business hours the bot applies (company → Settings → Hours, queue → each queue's);
 * - call: 'disabled' rejects WhatsApp calls with an automatic message (domain/inbound/calls.ts);
 * - CheckMsgIsGroup: group messages are recorded but open no ticket;
 * - chatBotType: the menu's presentation; only 'text' exists (the spec's select is disabled on it);
 * - addAlterConnection: non-admins may manage connections (policy/connections.ts);
 * - userViewTicketsWithoutDepartment: operators see queue-less tickets (policy/tickets.ts);
 * - newLeadsNotWriteName: a new contact is named by its number, not by its WhatsApp name;
 * - userAlwaysSubmitSignature: operators' messages are always signed (policy/tickets.ts);
 * - allowsUserToUseInternalChat: every user may create internal chats, not only admins (policy/chats.ts);
 * - ticketReopenWindowMinutes / autoCloseTicketsMinutes: the reopen window and the idle auto-close.
 */
import * as z from '../zod';

export const TOGGLE_VALUES = ['enabled', 'disabled'] as const;
export const SCHEDULE_TYPES = ['disabled', 'company', 'queue'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const CHATBOT_TYPES = ['text', 'button', 'list'] as const;

const toggle = z.enum(TOGGLE_VALUES);
/** Whole minutes as text, 0 … `max` (a number or its digits). */
const minutes = (max: number) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.maxLength(6))]),
    z.transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: v });
        return z.NEVER;
      }
      return String(n);
    }),
  );

/** Reopen window: up to a week. Idle auto-close: up to 30 days (0 = never). */
export const REOPEN_WINDOW_MAX_MINUTES = 7 * 24 * 60;
export const AUTO_CLOSE_MAX_MINUTES = 30 * 24 * 60;

export const COMPANY_SETTING_SCHEMAS = {
  userRating: toggle,
  scheduleType: z.enum(SCHEDULE_TYPES),
  call: toggle,
  CheckMsgIsGroup: toggle,
  chatBotType: z.enum(CHATBOT_TYPES),
  addAlterConnection: toggle,
  userViewTicketsWithoutDepartment: toggle,
  newLeadsNotWriteName: toggle,
  userAlwaysSubmitSignature: toggle,
  allowsUserToUseInternalChat: toggle,
  ticketReopenWindowMinutes: minutes(REOPEN_WINDOW_MAX_MINUTES),
  autoCloseTicketsMinutes: minutes(AUTO_CLOSE_MAX_MINUTES),
} as const;
export type CompanySettingKey = keyof typeof COMPANY_SETTING_SCHEMAS;
export const COMPANY_SETTING_KEYS = Object.keys(COMPANY_SETTING_SCHEMAS) as CompanySettingKey[];

/** The toggles of the Options tab, in the order the tab shows them. */
export const COMPANY_TOGGLE_SETTINGS = [
  'userRating',
  'call',
  'CheckMsgIsGroup',
  'addAlterConnection',
  'userViewTicketsWithoutDepartment',
  'newLeadsNotWriteName',
  'userAlwaysSubmitSignature',
  'allowsUserToUseInternalChat',
] as const satisfies readonly CompanySettingKey[];

export const companySettingKeySchema = z.enum(COMPANY_SETTING_KEYS as [CompanySettingKey, ...CompanySettingKey[]]);

/** `PUT /settings/{key}` body (part 2 §7: key and value); the key in the path wins, a different body key is refused. */
export const companySettingUpdateSchema = z.object({
  key: z.optional(z.string().check(z.maxLength(64))),
  value: z.union([z.string().check(z.maxLength(500)), z.number()]),
});

/** Parses one setting's value by its key's schema: the stored text, or null when the value is invalid. */
export function parseCompanySetting(key: CompanySettingKey, value: unknown): string | null {
  const parsed = z.safeParse(COMPANY_SETTING_SCHEMAS[key] as z.core.$ZodType<string>, value);
  return parsed.success ? parsed.data : null;
}

/** One setting as the API answers it (part 2 §7: key, value, companyId). */
export interface CompanySettingDto {
  key: string;
  value: string;
  companyId: string;
}
