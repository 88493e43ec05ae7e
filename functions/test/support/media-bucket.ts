/**
 * A local S3 with the `media` bucket for tests of presigned uploads and signed downloads: starts the
 * emulator in a fresh folder and points the storage module at it; `stop` undoes both.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Emulator } from '../../../infra/local/emulators/s3-media';
import { resetStorageClient } from '../../src/platform/storage';

export async function startMediaBucket(): Promise<{ stop: () => Promise<void> }> {
  const s3 = await startS3Emulator({
    directory: mkdtempSync(join(tmpdir(), 'media-s3-')),
    buckets: ['media'],
    corsOrigins: ['http://127.0.0.1'],
  });
  process.env.S3_ENDPOINT = s3.endpoint;
  process.env.MEDIA_BUCKET = 'media';
  resetStorageClient();
  return {
    stop: async () => {
      delete process.env.MEDIA_BUCKET;
      await s3.stop();
    },
  };
}
