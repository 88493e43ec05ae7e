/**
 * The company webhook as the settings page manages it (GET/PUT /webhook, POST /webhook/rotate,
 * GET /webhook/deliveries). The signing secret is generated here, stored sealed, and answered only
 * when it is made: creating the webhook and rotating it are the two moments an admin sees it. The
 * secret shown is the very one the sender unseals to sign (deliver-webhook.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_EVENTS,
  type WebhookConfigDto,
  type WebhookConfigInput,
  type WebhookDeliveryDto,
  type WebhookSecretAnswer,
} from '@atende/shared';
import { getWebhookConfig, listWebhookAttempts, putWebhookConfig, type WebhookConfigRecord } from '../../data/webhooks';
import { AppError } from '../../platform/app-error';
import { sealSecret } from '../../platform/secret-box';
import { forgetWebhookConfig } from './webhook-config-cache';

/** Delivery attempts the log shows. */
export const WEBHOOK_LOG_SIZE = 50;

const toDto = (c: WebhookConfigRecord): WebhookConfigDto => ({
  url: c.url,
  enabled: c.enabled,
  secretHint: c.secretHint,
  events: [...WEBHOOK_EVENTS],
  createdAt: c.createdAt,
  secretRotatedAt: c.secretRotatedAt,
});

async function newSecret(): Promise<{ secret: string; secretSealed: string; secretHint: string }> {
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  return { secret, secretSealed: await sealSecret(secret), secretHint: `whsec_••••${secret.slice(-4)}` };
}

export async function readWebhook(companyId: string): Promise<WebhookConfigDto | null> {
  const config = await getWebhookConfig(companyId);
  return config ? toDto(config) : null;
}

/** Sets the URL; the first time, also makes the secret and answers it (this once). */
export async function saveWebhook(
  companyId: string,
  input: WebhookConfigInput,
): Promise<{ webhook: WebhookConfigDto; secret?: string }> {
  const existing = await getWebhookConfig(companyId);
  const now = new Date().toISOString();
  if (existing) {
    const next = { ...existing, url: input.url, enabled: input.enabled };
    await putWebhookConfig(next);
    forgetWebhookConfig(companyId);
    return { webhook: toDto(next) };
  }
  const { secret, ...sealed } = await newSecret();
  const config: WebhookConfigRecord = { companyId, ...input, ...sealed, createdAt: now, secretRotatedAt: now };
  await putWebhookConfig(config);
  forgetWebhookConfig(companyId);
  return { webhook: toDto(config), secret };
}

/** A new secret, shown once; the old one stops signing at once. */
export async function rotateWebhookSecret(companyId: string): Promise<WebhookSecretAnswer> {
  const existing = await getWebhookConfig(companyId);
  if (!existing) throw new AppError('ERR_NO_REGISTER_FOUND', 404);
  const { secret, ...sealed } = await newSecret();
  const next = { ...existing, ...sealed, secretRotatedAt: new Date().toISOString() };
  await putWebhookConfig(next);
  forgetWebhookConfig(companyId);
  return { webhook: toDto(next), secret };
}

export const listWebhookDeliveries = (companyId: string): Promise<WebhookDeliveryDto[]> =>
  listWebhookAttempts(companyId, WEBHOOK_LOG_SIZE); // AP-WH2
