/**
 * Whether a company has an enabled webhook, as the fan-out asks for every batch: a short per-process
 * cache, so companies without one cost one read per WEBHOOK_CONFIG_TTL_MS, not one per event. A
 * change applies within that time (at once in the process that made it).
 */
import { getWebhookConfig } from '../../data/webhooks';
import { ttlCache } from '../../data/ttl-cache';

export const WEBHOOK_CONFIG_TTL_MS = 15_000;
const enabled = ttlCache<boolean>(WEBHOOK_CONFIG_TTL_MS);

export const hasEnabledWebhook = (companyId: string): Promise<boolean> =>
  enabled.get(companyId, async () => (await getWebhookConfig(companyId))?.enabled === true); // AP-WH1

export const forgetWebhookConfig = (companyId?: string): void => enabled.forget(companyId);
