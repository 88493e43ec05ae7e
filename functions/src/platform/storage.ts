/**
 * Media objects in S3 (`MEDIA_BUCKET`; `S3_ENDPOINT` locally, path-style). Keys always start with
 * the company prefix `C#<companyId>/`, so a key can be checked against the tenant before use.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

/** Types a browser may render inline from our bucket; everything else downloads as an attachment. */
const INLINE_TYPES = /^(image\/(png|jpe?g|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/**
 * Short-lived download URL; null when no bucket is configured (unit tests). The answer's type and
 * disposition are fixed by the signature: media a browser can show safely is served inline with its
 * own type, anything else (html, svg, scripts a customer sent) as an `attachment` download, so a
 * file from a customer never runs in the console's origin.
 */
export async function mediaDownloadUrl(key: string | null | undefined, media: { mimetype?: string | null; fileName?: string | null } = {}): Promise<string | null> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!key || !bucket) return null;
  const type = (media.mimetype ?? '').toLowerCase();
  const inline = INLINE_TYPES.test(type);
  const name = (media.fileName ?? key.split('/').pop() ?? 'file').replace(/["\\\r\n]/g, '_');
  return getSignedUrl(s3(), new GetObjectCommand({
    Bucket: bucket, Key: key,
    ResponseContentType: inline ? type : 'application/octet-stream',
    ResponseContentDisposition: inline ? 'inline' : `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  }), { expiresIn: MEDIA_URL_TTL_SECONDS });
}

export const UPLOAD_URL_TTL_SECONDS = 5 * 60;

/** Presigned PUT for a browser upload: the signature pins the key, the type and the length. */
export async function mediaUploadUrl(key: string, mimetype: string, size: number): Promise<{ url: string; headers: Record<string, string> } | null> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) return null;
  const url = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: mimetype, ContentLength: size }), {
    expiresIn: UPLOAD_URL_TTL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']),
  });
  return { url, headers: { 'Content-Type': mimetype } };
}

/** Size and type of an uploaded object; undefined when it is not there. */
export async function mediaObjectInfo(key: string): Promise<{ size: number; mimetype: string } | undefined> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) return undefined;
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: out.ContentLength ?? 0, mimetype: out.ContentType ?? 'application/octet-stream' };
  } catch (err) {
    if ((err as Error).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw err;
  }
}

/** `C#<companyId>/media/outbound/<ticketId>/<ulid>-<fileName>`: uploads for one ticket's messages. */
export function outboundMediaKey(companyId: string, ticketId: string, fileName: string): string {
  return mediaObjectKey(companyId, `outbound/${ticketId}`, fileName);
}
export const isOutboundMediaKeyOf = (companyId: string, ticketId: string, key: string) =>
  isCompanyMediaKey(companyId, key) && key.startsWith(`${companyPrefix(companyId)}media/outbound/${ticketId}/`);
