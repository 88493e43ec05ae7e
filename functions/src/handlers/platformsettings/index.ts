/** Platform settings area (super users): the payment gateway, Facebook app and e-mail API panels. */
import * as z from '@atende/shared/zod';
import { platformSettingKeySchema, platformSettingValueSchema } from '@atende/shared';
import { areaRouter } from '../../platform/area-router';
import { json, route } from '../../platform/http-route';
import {
  deleteEfiCertificate,
  readPlatformSettings,
  uploadEfiCertificate,
  writePlatformSetting,
} from '../../domain/platform-settings/platform-settings';

export const handler = areaRouter('platformsettings', [
  route('GET /platform-settings', 'super', { handler: async () => json(await readPlatformSettings()) }),
  route('PUT /platform-settings/{key}', 'super', {
    params: z.object({ key: platformSettingKeySchema }),
    body: platformSettingValueSchema,
    handler: async ({ params, body }) => json(await writePlatformSetting(params.key, body.value)),
  }),
  route('POST /upload-p12', 'super', {
    body: z.object({
      fileName: z.string().check(z.minLength(5), z.maxLength(120)),
      file: z.string().check(z.minLength(1), z.maxLength(100_000)),
    }),
    handler: async ({ body }) => json(await uploadEfiCertificate(body.fileName, body.file), 201),
  }),
  route('DELETE /delete-p12', 'super', { handler: async () => json(await deleteEfiCertificate()) }),
]);
