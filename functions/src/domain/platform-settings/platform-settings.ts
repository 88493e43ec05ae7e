/**
 * The super users' panels (payment gateway, Facebook/Instagram app, e-mail API), stored as settings
 * of the platform company — except the credentials (secret-kind keys and the Efí .p12), which live in
 * the provider-credentials secret (platform/provider-credentials.ts), never in the table. Secrets
 * never travel back to a browser: reads say only whether they are set.
 */
import {
  PLATFORM_SETTING_KEYS,
  type PlatformSettingKey,
  type PlatformSettingsDto,
  type PlatformSettingView,
} from '@atende/shared';
import { getPlatformCompanyId } from '../../data/companies';
import { getSetting, listSettings, putSetting } from '../../data/settings';
import { AppError } from '../../platform/app-error';
import {
  isCredentialSetting,
  readProviderCredentials,
  updateProviderCredentials,
} from '../../platform/provider-credentials';
import { forgetPixProvider } from '../../platform/providers/pix-provider-cache';
import { moveCredentialsOutOfTable } from './credentials-migration';

/**
 * A .p12 is a few KB. It is kept base64 in the credentials secret (Secrets Manager holds 64 KB):
 * 40 KB of certificate is 54 KB of base64, with room for the other credentials.
 */
export const MAX_CERTIFICATE_BYTES = 40 * 1024;

async function platformId(): Promise<string> {
  const id = await getPlatformCompanyId();
  if (!id) throw new AppError('ERR_NOT_FOUND', 404);
  await moveCredentialsOutOfTable(id);
  return id;
}

export async function readPlatformSettings(): Promise<PlatformSettingsDto> {
  const id = await platformId();
  const stored = new Map((await listSettings(id)).map((s) => [s.key, s.value]));
  const credentials = await readProviderCredentials();
  const settings = (Object.entries(PLATFORM_SETTING_KEYS) as [PlatformSettingKey, 'toggle' | 'text' | 'secret'][]).map(
    ([key, kind]): PlatformSettingView =>
      isCredentialSetting(key)
        ? { key, kind: 'secret', set: !!credentials[key] }
        : { key, kind: kind as 'toggle' | 'text', value: stored.get(key) ?? '' },
  );
  return { settings, efiCertificate: stored.get('efiCertificadoP12') || null };
}

export async function writePlatformSetting(key: PlatformSettingKey, value: string): Promise<PlatformSettingView> {
  const id = await platformId();
  if (isCredentialSetting(key)) await updateProviderCredentials({ [key]: value });
  else await putSetting(id, key, value);
  if (key.startsWith('efi')) forgetPixProvider();
  const kind = PLATFORM_SETTING_KEYS[key];
  return kind === 'secret' ? { key, kind, set: !!value } : { key, kind, value };
}

/** `POST /upload-p12`: the body is the certificate itself (base64 in JSON), with its file name. */
export async function uploadEfiCertificate(
  fileName: string,
  base64: string,
): Promise<{ message: string; filename: string }> {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length || bytes.length > MAX_CERTIFICATE_BYTES || !fileName.toLowerCase().endsWith('.p12'))
    throw new AppError('ERR_VALIDATION', 400, { fields: { file: 'ERR_CERTIFICATE' } });
  const id = await platformId();
  await updateProviderCredentials({ efiCertificate: { fileName, base64: bytes.toString('base64') } });
  await putSetting(id, 'efiCertificadoP12', fileName); // the name the panel shows; not a secret
  forgetPixProvider();
  return { message: 'ok', filename: fileName };
}

/** `DELETE /delete-p12`: forgets the certificate (Efí is then unavailable until a new upload). */
export async function deleteEfiCertificate(): Promise<{ message: string }> {
  const id = await platformId();
  if (!(await getSetting(id, 'efiCertificadoP12'))) throw new AppError('ERR_NO_SETTING_FOUND', 404);
  await updateProviderCredentials({ efiCertificate: undefined });
  await putSetting(id, 'efiCertificadoP12', '');
  forgetPixProvider();
  return { message: 'ok' };
}
