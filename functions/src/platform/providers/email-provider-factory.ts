/**
 * Which e-mail provider sends: SendGrid when a super user configured it (platform settings
 * sendEmailEnabled + apiKeySendGrid, spec part 2 §3), Amazon SES in AWS when `EMAIL_FROM` names a
 * verified sender, and the local outbox in local mode.
 */
import { isSettingOn } from '@atende/shared';
import { getSetting } from '../../data/settings';
import { readProviderCredentials } from '../provider-credentials';
import type { EmailProvider } from './email-provider';
import { OutboxEmailProvider } from './outbox-email';
import { SendGridEmailProvider } from './sendgrid-email';
import { SesEmailProvider } from './ses-email';

export interface ConfiguredEmail {
  provider: EmailProvider;
  templates: Partial<Record<'register' | 'invoice', string>>;
}

export async function emailProvider(platformCompanyId: string | undefined): Promise<ConfiguredEmail | undefined> {
  const from = process.env.EMAIL_FROM ?? 'nao-responda@atende.local';
  if (platformCompanyId) {
    const [enabled, register, invoice] = await Promise.all(
      ['sendEmailEnabled', 'idEmailRegister', 'idEmailSendInvoice'].map((key) => getSetting(platformCompanyId, key)),
    );
    // The key lives in the provider-credentials secret; the table only until it was moved there.
    const apiKey =
      isSettingOn(enabled) &&
      ((await readProviderCredentials()).apiKeySendGrid ?? (await getSetting(platformCompanyId, 'apiKeySendGrid')));
    if (isSettingOn(enabled) && apiKey) {
      return {
        provider: new SendGridEmailProvider(apiKey, from),
        templates: { ...(register ? { register } : {}), ...(invoice ? { invoice } : {}) },
      };
    }
  }
  if (process.env.LOCAL_MODE === 'true') return { provider: new OutboxEmailProvider(), templates: {} };
  if (process.env.EMAIL_FROM) return { provider: new SesEmailProvider(process.env.EMAIL_FROM), templates: {} };
  return undefined;
}
