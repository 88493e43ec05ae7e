/**
 * Media objects in S3 (`MEDIA_BUCKET`; `S3_ENDPOINT` locally, path-style). Keys always start with
 * the company prefix `C#<companyId>/`, so a key can be checked against the tenant before use.
 */
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from '@atende/shared/ids';
import { mediaResponseHeaders } from '@atende/shared';
import { withoutSdkLogger } from '../data/sdk-client';
import { localClientOptions } from './aws-clients';

let client: S3Client | undefined;

function s3(): S3Client {
  const endpoint = process.env.S3_ENDPOINT;
  client ??= withoutSdkLogger(
    new S3Client({ ...localClientOptions(endpoint), ...(endpoint ? { forcePathStyle: true } : {}) }),
  );
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
export async function mediaDownloadUrl(
  key: string | null | undefined,
  media: { mimetype?: string | null; fileName?: string | null } = {},
): Promise<string | null> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!key || !bucket) return null;
  const headers = mediaResponseHeaders(media.mimetype, media.fileName ?? key.split('/').pop());
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: bucket,
      Key: key,
      ResponseContentType: headers.contentType,
      ResponseContentDisposition: headers.contentDisposition,
    }),
    { expiresIn: MEDIA_URL_TTL_SECONDS },
  );
}

export const UPLOAD_URL_TTL_SECONDS = 5 * 60;

/** Presigned PUT for a browser upload: the signature pins the key, the type and the length. */
export async function mediaUploadUrl(
  key: string,
  mimetype: string,
  size: number,
): Promise<{ url: string; headers: Record<string, string> } | null> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) return null;
  const url = await getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: mimetype, ContentLength: size }),
    {
      expiresIn: UPLOAD_URL_TTL_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    },
  );
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
    if (
      (err as Error).name === 'NotFound' ||
      (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    )
      return undefined;
    throw err;
  }
}

/** `C#<companyId>/private/<name>`: objects never handed out as URLs (the payment certificate). */
export const privateObjectKey = (companyId: string, name: string) =>
  `${companyPrefix(companyId)}private/${name.replace(/[^\w.-]+/g, '_')}`;

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

/** `C#<companyId>/media/outbound/<ticketId>/<ulid>-<fileName>`: uploads for one ticket's messages. */
export function outboundMediaKey(companyId: string, ticketId: string, fileName: string): string {
  return mediaObjectKey(companyId, `outbound/${ticketId}`, fileName);
}
export const isOutboundMediaKeyOf = (companyId: string, ticketId: string, key: string) =>
  isCompanyMediaKey(companyId, key) && key.startsWith(`${companyPrefix(companyId)}media/outbound/${ticketId}/`);

/** `C#<companyId>/media/schedules/<scheduleId>/<ulid>-<fileName>`: one schedule's attachments. */
export function scheduleMediaKey(companyId: string, scheduleId: string, fileName: string): string {
  return mediaObjectKey(companyId, `schedules/${scheduleId}`, fileName);
}
export const isScheduleMediaKeyOf = (companyId: string, scheduleId: string, key: string) =>
  isCompanyMediaKey(companyId, key) && key.startsWith(`${companyPrefix(companyId)}media/schedules/${scheduleId}/`);

/** `C#<companyId>/media/quickmessages/<quickMessageId>/<ulid>-<fileName>`: one quick reply's attachments. */
export function quickMessageMediaKey(companyId: string, quickMessageId: string, fileName: string): string {
  return mediaObjectKey(companyId, `quickmessages/${quickMessageId}`, fileName);
}
/** Any quick reply's attachment of the company (`quickMessageId` narrows to one reply's). */
export const isQuickMessageMediaKeyOf = (companyId: string, key: string, quickMessageId?: string) =>
  isCompanyMediaKey(companyId, key) &&
  key.startsWith(`${companyPrefix(companyId)}media/quickmessages/${quickMessageId ? `${quickMessageId}/` : ''}`);

/** `C#<companyId>/media/campaigns/<campaignId>/<ulid>-<fileName>`: one campaign's attachment. */
export function campaignMediaKey(companyId: string, campaignId: string, fileName: string): string {
  return mediaObjectKey(companyId, `campaigns/${campaignId}`, fileName);
}
export const isCampaignMediaKeyOf = (companyId: string, campaignId: string, key: string) =>
  isCompanyMediaKey(companyId, key) && key.startsWith(`${companyPrefix(companyId)}media/campaigns/${campaignId}/`);

export async function writeObject(key: string, body: Buffer, contentType = 'application/octet-stream'): Promise<void> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

/**
 * Deletes every object under the company's prefix (a deleted company), a listed page (≤ 1000) at a
 * time; nothing to do when no bucket is configured (unit tests). Returns how many went.
 */
export async function deleteCompanyObjects(companyId: string): Promise<number> {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) return 0;
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: companyPrefix(companyId), ContinuationToken: token }),
    );
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length) {
      await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
