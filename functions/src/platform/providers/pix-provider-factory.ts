/**
 * Which Pix provider pays invoices: Efí once a super user configured it (client id and secret, Pix
 * key, the uploaded .p12 — spec part 2 §2 "payment gateway" panel, settings efi*), otherwise the
 * sandbox in local mode. In AWS without Efí, payments answer ERR_PAYMENT_NOT_CONFIGURED.
 * The client secret and the certificate come from the provider-credentials secret (the secret from
 * the table until the platform-settings area has moved it there: credentials-migration.ts).
 */
import { isSettingOn } from '@atende/shared';
import { getSetting } from '../../data/settings';
import { AppError } from '../app-error';
import { readProviderCredentials } from '../provider-credentials';
import { EfiPixProvider } from './efi-pix';
import type { PixProvider } from './pix-provider';
import { cachedPixProvider, rememberPixProvider } from './pix-provider-cache';
import { SandboxPixProvider } from './sandbox-pix';

export { forgetPixProvider } from './pix-provider-cache';

export async function pixProvider(platformCompanyId: string): Promise<PixProvider> {
  const cached = cachedPixProvider();
  if (cached) return cached;
  const [clientId, pixKey, sandbox] = await Promise.all(
    ['efiClientId', 'efiChavePix', 'efiSandbox'].map((key) => getSetting(platformCompanyId, key)),
  );
  const credentials = await readProviderCredentials();
  const clientSecret = credentials.efiClientSecret ?? (await getSetting(platformCompanyId, 'efiClientSecret'));
  let provider: PixProvider | undefined;
  if (clientId && clientSecret && pixKey) {
    const certificate = credentials.efiCertificate && Buffer.from(credentials.efiCertificate.base64, 'base64');
    if (certificate?.length)
      provider = new EfiPixProvider({ clientId, clientSecret, pixKey, certificate, sandbox: isSettingOn(sandbox) });
  }
  if (!provider && process.env.LOCAL_MODE === 'true') provider = new SandboxPixProvider();
  if (!provider) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 400);
  rememberPixProvider(provider);
  return provider;
}
