/**
 * Media objects in S3 (`MEDIA_BUCKET`; `S3_ENDPOINT` locally, path-style). Keys always start with
 * the company prefix `C#<companyId>/`, so a key can be checked against the tenant before use.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { mediaResponseHeaders } from '@atende/shared';
import { localClientOptions } from './aws-clients';

let client: S3Client | undefined;

function s3(): S3Client {
  const endpoint = process.env.S3_ENDPOINT;
  client ??= new S3Client({ ...localClientOptions(endpoint), ...(endpoint ? { forcePathStyle: true } : {}) });
  return client;
}

export function resetStorageClient(): void {
  client = undefined;
}

const companyPrefix = (companyId: string) => `C#${companyId}/`;

/** `C#<companyId>/media/<connectionId>/<ulid>-<fileName>` (the layout the session host writes too). */
export function mediaObjectKey(companyId: string, connectionId: string, fileName: string): string {
  const safeName = fileName.replace(/[^\w.-]+/g, '_').slice(-120) || 'file';
  return `${companyPrefix(companyId)}media/${connectionId}/${ulid()}-${safeName}`;
}

/** A key another tenant could not have produced: prefix match and no path tricks. */
export function isCompanyMediaKey(companyId: string, key: string): boolean {
  return key.startsWith(companyPrefix(companyId)) && !key.includes('..');
}

export const MEDIA_URL_TTL_SECONDS = 60 * 60;

/**
 * Short-lived download URL; null when no bucket is configured (unit tests). The URL fixes the answer's
 * Content-Type and Content-Disposition (`mediaResponseHeaders`): only types that run no code are
 * inline, the rest download as attachments, whatever type the sender claimed.
 */
export async function mediaDownloadUrl(key: string | null | undefined, media: { mimetype?: string | null; fileName?: string | null } = {}): Promise<string | null> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!key || !bucket) return null;
  const headers = mediaResponseHeaders(media.mimetype, media.fileName ?? key.split('/').pop());
  return getSignedUrl(s3(), new GetObjectCommand({
    Bucket: bucket, Key: key, ResponseContentType: headers.contentType, ResponseContentDisposition: headers.contentDisposition,
  }), { expiresIn: MEDIA_URL_TTL_SECONDS });
}
