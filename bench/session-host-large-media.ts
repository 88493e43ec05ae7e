/**
 * Session host memory while one 200 MB inbound document is stored (issue 11, item 3).
 * `npx tsx bench/session-host-large-media.ts [MB]` — starts the S3 emulator in this process, then runs
 * the host's inbound-file path (MediaIntake → MediaStore.putStream, an S3 multipart upload) in a child
 * process whose peak RSS is sampled every 20 ms, so the emulator's own copy of the file is not counted.
 * It fails if the streamed path's RSS grows by more than BENCH_MAX_GROWTH_MB (default 96).
 * The download is a generated stream at network-like chunk sizes (there is no WhatsApp CDN offline);
 * Baileys' decrypting download is a stream of the same shape. For comparison the child also runs the
 * old path (the whole file in a Buffer, then one PutObject) unless BENCH_SKIP_BUFFERED=1.
 */
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { WAMessage } from '@whiskeysockets/baileys';
import { startSqsEmulator } from '../infra/local/emulators/sqs-emulator';
import { MediaIntake } from '../session-host/src/adapters/baileys/inbound-media';
import { createAwsClients } from '../session-host/src/aws/clients';
import { silentLogger } from '../session-host/src/logger';
import { MediaStore } from '../session-host/src/media/media-store';
import { printTable } from './support/stats';

const MB = 1024 * 1024;
const sizeMb = Number(
  (process.argv[2] === '--child' ? process.argv[4] : process.argv[2]) ?? process.env.BENCH_MEDIA_MB ?? 200,
);
const BUCKET = 'bench-media';

/** `sizeMb` of bytes in 64 KB chunks, as a socket delivers them. */
function download(totalBytes: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x5a);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk.length, totalBytes - sent);
      sent += size;
      this.push(size === chunk.length ? Buffer.from(chunk) : chunk.subarray(0, size));
    },
  });
}

async function measure(run: () => Promise<void>): Promise<{ peakMb: number; baseMb: number; seconds: number }> {
  global.gc?.();
  const baseMb = process.memoryUsage().rss / MB;
  let peak = baseMb;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss / MB);
  }, 20);
  const started = Date.now();
  await run();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss / MB);
  return { peakMb: peak, baseMb, seconds: (Date.now() - started) / 1000 };
}

async function child(endpoint: string): Promise<void> {
  const clients = createAwsClients({ region: 'us-east-1', s3Endpoint: endpoint, dynamoDbEndpoint: 'http://127.0.0.1:1' });
  const media = new MediaStore(clients.s3, BUCKET);
  const total = sizeMb * MB;
  const intake = new MediaIntake({
    log: silentLogger(),
    limits: { maxBytes: 2048 * MB, downloadTimeoutMs: 10 * 60_000, reuploadTimeoutMs: 60_000, concurrency: 2 },
    download: async () => download(total),
  });
  const message = { key: { id: 'BIG', remoteJid: 'x@s.whatsapp.net' }, message: {} } as WAMessage;
  const streamed = await measure(
    () =>
      new Promise<void>((resolve, reject) =>
        intake.accept({
          message,
          part: { kind: 'document', mimetype: 'application/pdf', fileName: 'big.pdf', fileLength: total },
          companyId: 'co-bench',
          connectionId: 'cn-bench',
          media,
          reupload: async (m) => m,
          emit: (event) =>
            event.type === 'message.media' && event.media?.sizeBytes === total
              ? resolve()
              : reject(new Error(JSON.stringify(event))),
        }),
      ),
  );
  const rows = [{ path: 'streamed (multipart, 5 MB parts × 2)', ...streamed }];
  if (process.env.BENCH_SKIP_BUFFERED !== '1') {
    const buffered = await measure(async () => {
      const parts: Buffer[] = [];
      for await (const chunk of download(total)) parts.push(chunk as Buffer);
      // The old path then sent this Buffer with one PutObject (the emulator refuses bodies this large,
      // so only the download into memory is measured: a lower bound of the old peak).
      const body = Buffer.concat(parts);
      if (body.length !== total) throw new Error('short download');
    });
    rows.push({ path: 'buffered (old path, download only)', ...buffered });
  }
  process.stdout.write(`${JSON.stringify(rows)}\n`);
  clients.destroy();
}

async function main(): Promise<void> {
  const emulator = await startSqsEmulator();
  const clients = createAwsClients({
    region: 'us-east-1',
    s3Endpoint: emulator.endpoint,
    dynamoDbEndpoint: 'http://127.0.0.1:1',
  });
  await clients.s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  const out = await new Promise<string>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', emulator.endpoint, String(sizeMb)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    proc.stdout.on('data', (d: Buffer) => {
      text += d.toString();
    });
    proc.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`child exited ${code}`))));
  });
  const rows = JSON.parse(out.trim().split('\n').at(-1)!) as {
    path: string;
    peakMb: number;
    baseMb: number;
    seconds: number;
  }[];
  console.log(`\nSession host memory while storing one ${sizeMb} MB inbound document\n`);
  printTable(
    rows.map((r) => ({
      path: r.path,
      'RSS before MB': r.baseMb.toFixed(0),
      'peak RSS MB': r.peakMb.toFixed(0),
      'growth MB': (r.peakMb - r.baseMb).toFixed(0),
      s: r.seconds.toFixed(1),
    })),
  );
  clients.destroy();
  await emulator.stop();
  const limit = Number(process.env.BENCH_MAX_GROWTH_MB ?? 96);
  const growth = rows[0]!.peakMb - rows[0]!.baseMb;
  console.log(`\nstreamed growth ${growth.toFixed(0)} MB (budget ${limit} MB): ${growth <= limit ? 'ok' : 'OVER'}`);
  if (growth > limit) process.exitCode = 1;
}

if (process.argv[2] === '--child') {
  child(process.argv[3]!).then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
} else {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
