/**
 * Which Pix provider pays invoices: Efí once a super user configured it (client id and secret, Pix
 * key, the uploaded .p12 — spec part 2 §2 "payment gateway" panel, settings efi*), otherwise the
 * sandbox in local mode. In AWS without Efí, payments answer ERR_PAYMENT_NOT_CONFIGURED.
 */
import { isSettingOn } from '@atende/shared';
import { getSetting } from '../../data/settings';
import { AppError } from '../app-error';
import { privateObjectKey, readObject } from '../storage';
import { EfiPixProvider } from './efi-pix';
import type { PixProvider } from './pix-provider';
import { SandboxPixProvider } from './sandbox-pix';

export const EFI_CERTIFICATE_NAME = 'efi-certificate.p12';

let cached: { provider: PixProvider; until: number } | undefined;
const CACHE_MS = 60_000;

export async function pixProvider(platformCompanyId: string): Promise<PixProvider> {
  if (cached && cached.until > Date.now()) return cached.provider;
  const [clientId, clientSecret, pixKey, sandbox] = await Promise.all(
    ['efiClientId', 'efiClientSecret', 'efiChavePix', 'efiSandbox'].map((key) => getSetting(platformCompanyId, key)),
  );
  let provider: PixProvider | undefined;
  if (clientId && clientSecret && pixKey) {
    const certificate = await readObject(privateObjectKey(platformCompanyId, EFI_CERTIFICATE_NAME));
    if (certificate)
      provider = new EfiPixProvider({ clientId, clientSecret, pixKey, certificate, sandbox: isSettingOn(sandbox) });
  }
  if (!provider && process.env.LOCAL_MODE === 'true') provider = new SandboxPixProvider();
  if (!provider) throw new AppError('ERR_PAYMENT_NOT_CONFIGURED', 400);
  cached = { provider, until: Date.now() + CACHE_MS };
  return provider;
}

/** After a super user changes the gateway settings. */
export function forgetPixProvider(): void {
  cached = undefined;
}
