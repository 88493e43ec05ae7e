/**
 * Inbound files, off the conversation's path. The message is published first (without its file);
 * the file follows as `message.media` when stored, or as a failure. So one large or slow download never
 * holds up the messages behind it, and it cannot take the task's memory: the size WhatsApp announces
 * (`fileLength`) is checked against a limit first, the bytes stream into an S3 multipart upload
 * (never a whole-file Buffer), every wait is bounded (download, media re-upload), and at most
 * `concurrency` downloads run at once per connection.
 */
import type { Readable } from 'node:stream';
import { downloadMediaMessage, toNumber, type WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from '../../logger';
import { MediaTooLargeError, type MediaStore } from '../../media/media-store';
import type { ChannelEventBody } from '../channel-adapter';
import type { MediaPart } from './message-translation';

export interface MediaLimits {
  /** Largest inbound file stored (bytes); larger ones arrive as a message with a `too-large` failure. */
  maxBytes: number;
  /** Longest a download (re-upload request included) may take. */
  downloadTimeoutMs: number;
  /** Longest the phone may take to re-upload expired media. */
  reuploadTimeoutMs: number;
  concurrency: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxBytes: 100 * 1024 * 1024,
  downloadTimeoutMs: 10 * 60_000,
  reuploadTimeoutMs: 60_000,
  concurrency: 2,
};

export interface DownloadContext {
  signal: AbortSignal;
  /** Asks the phone to upload media again (its CDN copy expired); Baileys calls it on 404/410. */
  reupload(message: WAMessage): Promise<WAMessage>;
  logger: Logger;
}

export type MediaDownloader = (message: WAMessage, context: DownloadContext) => Promise<Readable>;

export const downloadBaileysMedia: MediaDownloader = (message, { signal, reupload, logger }) =>
  downloadMediaMessage(
    message,
    'stream',
    { options: { signal } },
    { logger, reuploadRequest: reupload },
  ) as Promise<Readable>;

export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

export interface IntakeJob {
  message: WAMessage;
  part: MediaPart;
  companyId: string;
  connectionId: string;
  media: MediaStore;
  reupload(message: WAMessage): Promise<WAMessage>;
  emit(event: ChannelEventBody): void;
}

export function announcedSize(part: MediaPart): number | undefined {
  const size = toNumber(part.fileLength as number | null | undefined);
  return size > 0 ? size : undefined;
}

export class MediaIntake {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly deps: { log: Logger; limits: MediaLimits; download?: MediaDownloader }) {}

  /** Refused at once when the announced size is over the limit; otherwise queued. */
  accept(job: IntakeJob): void {
    const externalId = job.message.key.id!;
    const size = announcedSize(job.part);
    const { maxBytes } = this.deps.limits;
    if (size !== undefined && size > maxBytes) {
      job.emit({
        type: 'message.media',
        externalId,
        failure: { reason: 'too-large', sizeBytes: size, limitBytes: maxBytes },
      });
      return;
    }
    void this.slot(() => this.store(job)).catch((err) => this.deps.log.error({ err, externalId }, 'media intake failed'));
  }

  private async slot(task: () => Promise<void>): Promise<void> {
    if (this.running >= this.deps.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private async store(job: IntakeJob): Promise<void> {
    const externalId = job.message.key.id!;
    const { limits, log } = this.deps;
    const abort = new AbortController();
    try {
      const stored = await withTimeout(
        (async () => {
          const body = await (this.deps.download ?? downloadBaileysMedia)(job.message, {
            signal: abort.signal,
            logger: log,
            reupload: (m) => withTimeout(job.reupload(m), limits.reuploadTimeoutMs, 'media re-upload'),
          });
          abort.signal.addEventListener('abort', () => body.destroy(new Error('download aborted')));
          return job.media.putStream({
            companyId: job.companyId,
            connectionId: job.connectionId,
            fileName: job.part.fileName,
            mimetype: job.part.mimetype,
            body,
            maxBytes: limits.maxBytes,
          });
        })(),
        limits.downloadTimeoutMs,
        'media download',
      );
      const { fileLength: _length, ...ref } = job.part;
      job.emit({ type: 'message.media', externalId, media: { ...ref, key: stored.key, sizeBytes: stored.sizeBytes } });
    } catch (err) {
      abort.abort();
      const tooLarge = err instanceof MediaTooLargeError;
      log.warn({ err, externalId }, 'media not stored');
      job.emit({
        type: 'message.media',
        externalId,
        failure: tooLarge
          ? { reason: 'too-large', sizeBytes: err.sizeBytes, limitBytes: err.limitBytes }
          : { reason: 'download-failed' },
      });
    }
  }
}
