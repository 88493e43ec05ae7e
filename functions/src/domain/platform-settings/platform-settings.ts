/**
 * The super users' panels (payment gateway, Facebook/Instagram app, e-mail API), stored as settings
 * of the platform company. Secrets never travel back to a browser: reads say only whether they are set.
 * The Efí .p12 certificate lives in the bucket under the platform company's private prefix.
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
import { forgetPixProvider, EFI_CERTIFICATE_NAME } from '../../platform/providers/pix-provider-factory';
import { privateObjectKey, writeObject } from '../../platform/storage';

/** A .p12 is a few KB; anything near this is not a certificate. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;

async function platformId(): Promise<string> {
  const id = await getPlatformCompanyId();
  if (!id) throw new AppError('ERR_NOT_FOUND', 404);
  return id;
}

export async function readPlatformSettings(): Promise<PlatformSettingsDto> {
  const id = await platformId();
  const stored = new Map((await listSettings(id)).map((s) => [s.key, s.value]));
  const settings = (Object.entries(PLATFORM_SETTING_KEYS) as [PlatformSettingKey, 'toggle' | 'text' | 'secret'][]).map(
    ([key, kind]): PlatformSettingView =>
      kind === 'secret' ? { key, kind, set: !!stored.get(key) } : { key, kind, value: stored.get(key) ?? '' },
  );
  return { settings, efiCertificate: stored.get('efiCertificadoP12') || null };
}

export async function writePlatformSetting(key: PlatformSettingKey, value: string): Promise<PlatformSettingView> {
  const id = await platformId();
  await putSetting(id, key, value);
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
  await writeObject(privateObjectKey(id, EFI_CERTIFICATE_NAME), bytes, 'application/x-pkcs12');
  await putSetting(id, 'efiCertificadoP12', fileName);
  forgetPixProvider();
  return { message: 'ok', filename: fileName };
}

/** `DELETE /delete-p12`: forgets the certificate (Efí is then unavailable until a new upload). */
export async function deleteEfiCertificate(): Promise<{ message: string }> {
  const id = await platformId();
  if (!(await getSetting(id, 'efiCertificadoP12'))) throw new AppError('ERR_NO_SETTING_FOUND', 404);
  await putSetting(id, 'efiCertificadoP12', '');
  await writeObject(privateObjectKey(id, EFI_CERTIFICATE_NAME), Buffer.alloc(0));
  forgetPixProvider();
  return { message: 'ok' };
}
