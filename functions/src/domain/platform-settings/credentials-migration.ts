/**
 * Moves the credentials earlier versions stored as platform settings (table items every role with
 * table access could read) into the provider-credentials secret, then deletes the items. Runs on the
 * platform-settings area's first read or write in a process (the only area allowed to write the
 * secret); idempotent: a value already in the secret wins over a leftover one. (The Efí .p12 was kept
 * under the platform company's private bucket prefix, which no function's grant covered in AWS, so
 * there is none to move: it is uploaded again.)
 */
import { deleteSettings, listSettings } from '../../data/settings';
import { logger } from '../../platform/logger';
import {
  isCredentialSetting,
  readProviderCredentials,
  updateProviderCredentials,
  type ProviderCredentials,
} from '../../platform/provider-credentials';

let moved: Promise<void> | undefined;

export function moveCredentialsOutOfTable(platformCompanyId: string): Promise<void> {
  moved ??= move(platformCompanyId).catch((err: unknown) => {
    moved = undefined; // tried again by the next request
    throw err;
  });
  return moved;
}

/** Tests run the migration again after planting old items. */
export function forgetCredentialsMigration(): void {
  moved = undefined;
}

async function move(platformCompanyId: string): Promise<void> {
  const leftovers = (await listSettings(platformCompanyId)).filter((s) => isCredentialSetting(s.key));
  if (!leftovers.length) return;
  const current = await readProviderCredentials();
  const changes: Partial<ProviderCredentials> = {};
  for (const { key, value } of leftovers) {
    if (isCredentialSetting(key) && value && !current[key]) changes[key] = value;
  }
  if (Object.keys(changes).length) await updateProviderCredentials(changes);
  // Only once the secret holds them: a failure above leaves everything where it was.
  await deleteSettings(
    platformCompanyId,
    leftovers.map((s) => s.key),
  );
  logger.info('provider credentials moved out of the table', { settings: leftovers.map((s) => s.key) });
}
