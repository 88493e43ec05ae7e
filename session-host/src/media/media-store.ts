/**
 * Media in S3 under `C#<companyId>/media/<connectionId>/<ulid>-<fileName>` (the brief's layout).
 * Inbound media is downloaded from the channel and stored here before the event is published, so the
 * functions only ever see S3 keys; outbound media is read from here by key.
 */
import { Transform, type Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { MediaKind } from '@atende/shared';
import { ulid } from '@atende/shared/ids';

export interface StoredMedia {
  key: string;
  sizeBytes: number;
}

export interface MediaObject {
  body: Buffer;
  mimetype: string;
}

const MAX_FILE_NAME = 120;
/** S3's minimum part size; with UPLOAD_QUEUE parts in flight, an upload holds about 10 MB. */
const PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

export class MediaTooLargeError extends Error {
  constructor(
    readonly sizeBytes: number,
    readonly limitBytes: number,
  ) {
    super(`file of ${sizeBytes} bytes is over the ${limitBytes}-byte limit`);
    this.name = 'MediaTooLargeError';
  }
}

/** Keeps names readable but safe as one S3 key segment. */
export function safeFileName(fileName: string | undefined, mimetype: string): string {
  const cleaned = (fileName ?? '')
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[_.]+/, '')
    .slice(-MAX_FILE_NAME);
  if (cleaned) return cleaned;
  const extension =
    mimetype
      .split('/')[1]
      ?.split(';')[0]
      ?.replace(/[^\w]+/g, '') || 'bin';
  return `file.${extension}`;
}

export function mediaKindFor(mimetype: string): MediaKind {
  if (mimetype === 'image/webp') return 'sticker';
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

export class MediaStore {
  constructor(
    private readonly s3: S3Client,
    readonly bucket: string,
  ) {}

  keyFor(companyId: string, connectionId: string, fileName: string | undefined, mimetype: string): string {
    return `C#${companyId}/media/${connectionId}/${ulid()}-${safeFileName(fileName, mimetype)}`;
  }

  async put(input: {
    companyId: string;
    connectionId: string;
    fileName?: string;
    mimetype: string;
    body: Buffer;
  }): Promise<StoredMedia> {
    const key = this.keyFor(input.companyId, input.connectionId, input.fileName, input.mimetype);
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: input.body, ContentType: input.mimetype }),
    );
    return { key, sizeBytes: input.body.length };
  }

  /**
   * Streams a file of unknown length into S3 as a multipart upload: at most `queueSize` parts of
   * `PART_BYTES` are in memory at once, whatever the file's size. Stops (and aborts the upload) past `maxBytes`.
   */
  async putStream(input: {
    companyId: string;
    connectionId: string;
    fileName?: string;
    mimetype: string;
    body: Readable;
    maxBytes: number;
  }): Promise<StoredMedia> {
    const key = this.keyFor(input.companyId, input.connectionId, input.fileName, input.mimetype);
    let sizeBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sizeBytes += chunk.length;
        if (sizeBytes > input.maxBytes) done(new MediaTooLargeError(sizeBytes, input.maxBytes));
        else done(null, chunk);
      },
    });
    input.body.on('error', (err) => counter.destroy(err));
    // A stopped upload's parts are left to the bucket's abort-incomplete-uploads rule (1 day): the host's
    // role has s3:PutObject only, which covers multipart uploads but not AbortMultipartUpload.
    const upload = new Upload({
      client: this.s3,
      queueSize: UPLOAD_QUEUE,
      partSize: PART_BYTES,
      leavePartsOnError: true,
      params: { Bucket: this.bucket, Key: key, Body: input.body.pipe(counter), ContentType: input.mimetype },
    });
    await upload.done();
    return { key, sizeBytes };
  }

  async get(key: string): Promise<MediaObject> {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    const bytes = await out.Body!.transformToByteArray();
    return { body: Buffer.from(bytes), mimetype: out.ContentType ?? 'application/octet-stream' };
  }
}
