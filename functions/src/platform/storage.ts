/**
 * Media objects in S3 (`MEDIA_BUCKET`; `S3_ENDPOINT` locally, path-style). Keys always start with
 * the company prefix `C#<companyId>/`, so a key can be checked against the tenant before use.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
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
  const safeName = fileName.replace(/[^\w.\-]+/g, '_').slice(-120) || 'file';
  return `${companyPrefix(companyId)}media/${connectionId}/${ulid()}-${safeName}`;
}

/** A key another tenant could not have produced: prefix match and no path tricks. */
export function isCompanyMediaKey(companyId: string, key: string): boolean {
  return key.startsWith(companyPrefix(companyId)) && !key.includes('..');
}

export const MEDIA_URL_TTL_SECONDS = 60 * 60;

/** Short-lived download URL; null when no bucket is configured (unit tests). */
export async function mediaDownloadUrl(key: string | null | undefined): Promise<string | null> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!key || !bucket) return null;
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: MEDIA_URL_TTL_SECONDS });
}

/** `C#<companyId>/private/<name>`: objects never handed out as URLs (the payment certificate). */
export const privateObjectKey = (companyId: string, name: string) => `${companyPrefix(companyId)}private/${name.replace(/[^\w.\-]+/g, '_')}`;

/** Reads a whole (small) object; undefined when it does not exist or no bucket is configured. */
export async function readObject(key: string): Promise<Buffer | undefined> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) return undefined;
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  } catch (err) {
    if ((err as Error).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

export async function writeObject(key: string, body: Buffer, contentType = 'application/octet-stream'): Promise<void> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}
