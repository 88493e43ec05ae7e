import * as z from '../zod';

/**
 * Super users' platform settings panels (spec part 2 §2 "Options tab": payment gateway,
 * Facebook/Instagram app, e-mail API). Secrets are write-only: the API answers whether one is set,
 * never its value.
 */
export const PLATFORM_SETTING_KEYS = {
  efiSandbox: 'toggle',
  efiClientId: 'text',
  efiClientSecret: 'secret',
  efiChavePix: 'text',
  facebookClientId: 'text',
  facebookClientSecret: 'secret',
  sendEmailEnabled: 'toggle',
  apiKeySendGrid: 'secret',
  idEmailRegister: 'text',
  idEmailInvite: 'text',
  idEmailRecoveryPassword: 'text',
  idEmailSendInvoice: 'text',
  idEmailOverdueInvoice: 'text',
  idEmailInvoicePaid: 'text',
} as const;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTING_KEYS;

export const platformSettingKeySchema = z.enum(
  Object.keys(PLATFORM_SETTING_KEYS) as [PlatformSettingKey, ...PlatformSettingKey[]],
);
export const platformSettingValueSchema = z.object({ value: z.string().check(z.trim(), z.maxLength(500)) });

/** A secret is `{ set: true }`; texts and toggles come back as they are. */
export type PlatformSettingView =
  | { key: PlatformSettingKey; kind: 'toggle' | 'text'; value: string }
  | { key: PlatformSettingKey; kind: 'secret'; set: boolean };

export interface PlatformSettingsDto {
  settings: PlatformSettingView[];
  /** The uploaded Efí certificate's original file name, if any. */
  efiCertificate: string | null;
}
