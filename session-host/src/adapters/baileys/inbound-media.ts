/**
 * Inbound files, off the conversation's path. The message is published first (without its file);
 * the file follows as `message.media` when stored, or as a failure. So one large or slow download never
 * holds up the messages behind it, and it cannot take the task's memory: the size WhatsApp announces
 * (`fileLength`) is checked against a limit first, the bytes stream into an S3 multipart upload
 * (never a whole-file Buffer), every wait is bounded (download, media re-upload), and at most
 * `concurrency` downloads run at once per connection, and at most the host's `hostSlots` over all its
 * connections.
 */
import type { Readable } from 'node:stream';
import { downloadMediaMessage, toNumber, type WAMessage } from '@whiskeysockets/baileys';
import type { Logger } from '../../logger';
import type { DownloadSlots } from '../../media/download-slots';
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

interface Pending {
  job: IntakeJob;
  abort: AbortController;
  settled: boolean;
}

export class MediaIntake {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Downloads queued or running: Baileys acknowledged their messages, so WhatsApp will not send them again. */
  private readonly pending = new Set<Pending>();

  constructor(
    private readonly deps: { log: Logger; limits: MediaLimits; download?: MediaDownloader; hostSlots?: DownloadSlots },
  ) {}

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
    const entry: Pending = { job, abort: new AbortController(), settled: false };
    this.pending.add(entry);
    void this.slot(() => this.store(entry))
      .catch((err) => this.deps.log.error({ err, externalId }, 'media intake failed'))
      .finally(() => this.pending.delete(entry));
  }

  /**
   * The socket is closing (stop, deploy, restart): files still queued or downloading will never
   * arrive, and nothing would say so. Each is reported failed now (`download-failed`) and its download stopped.
   */
  abandonPending(): void {
    for (const entry of this.pending) {
      this.deps.log.warn({ externalId: entry.job.message.key.id }, 'media download abandoned: the session is stopping');
      this.fail(entry, { reason: 'download-failed' });
      entry.abort.abort();
    }
    this.pending.clear();
  }

  private async slot(task: () => Promise<void>): Promise<void> {
    if (this.running >= this.deps.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      await (this.deps.hostSlots ? this.deps.hostSlots.run(task) : task());
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private settle(entry: Pending, body: Omit<Extract<ChannelEventBody, { type: 'message.media' }>, 'type' | 'externalId'>) {
    if (entry.settled) return;
    entry.settled = true;
    entry.job.emit({ type: 'message.media', externalId: entry.job.message.key.id!, ...body });
  }

  private fail(entry: Pending, failure: NonNullable<Extract<ChannelEventBody, { type: 'message.media' }>['failure']>) {
    this.settle(entry, { failure });
  }

  private async store(entry: Pending): Promise<void> {
    const { job, abort } = entry;
    if (abort.signal.aborted) return; // abandoned while queued (already reported)
    const externalId = job.message.key.id!;
    const { limits, log } = this.deps;
    try {
      const stored = await withTimeout(
        (async () => {
          const body = await (this.deps.download ?? downloadBaileysMedia)(job.message, {
            signal: abort.signal,
            logger: log,
            reupload: (m) => withTimeout(job.reupload(m), limits.reuploadTimeoutMs, 'media re-upload'),
          });
          if (abort.signal.aborted) body.destroy(new Error('download aborted'));
          else abort.signal.addEventListener('abort', () => body.destroy(new Error('download aborted')));
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
      this.settle(entry, { media: { ...ref, key: stored.key, sizeBytes: stored.sizeBytes } });
    } catch (err) {
      abort.abort();
      const tooLarge = err instanceof MediaTooLargeError;
      if (!entry.settled) log.warn({ err, externalId }, 'media not stored');
      this.fail(
        entry,
        tooLarge
          ? { reason: 'too-large', sizeBytes: err.sizeBytes, limitBytes: err.limitBytes }
          : { reason: 'download-failed' },
      );
    }
  }
}
