/**
 * Voice notes must be Ogg/Opus for phones to play them as voice notes; browsers record WebM (Chrome,
 * Firefox) or MP4 (Safari). Converted with the `ffmpeg` binary: Debian's package in the session host
 * image and in CI (.ci/run), `FFMPEG_PATH` to point elsewhere. A machine without it still runs: such a
 * voice note is refused (`unsupported-format`), and the console says so, instead of arriving unplayable.
 * (Why not an npm build of ffmpeg: `ffmpeg-static` downloads at install; ffmpeg.wasm is browser-only.)
 */
import { spawn } from 'node:child_process';

export const OGG_OPUS = 'audio/ogg; codecs=opus';
const TIMEOUT_MS = 60_000;

export const isOggOpus = (mimetype: string) => mimetype.startsWith('audio/ogg');

export class UnsupportedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedFormatError';
  }
}

export type VoiceNoteTranscoder = (input: Buffer, mimetype: string) => Promise<Buffer>;

export function ffmpegTranscoder(binary = process.env.FFMPEG_PATH || 'ffmpeg'): VoiceNoteTranscoder {
  return (input, mimetype) =>
    new Promise((resolve, reject) => {
      const child = spawn(
        binary,
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-i',
          'pipe:0',
          '-vn',
          '-ac',
          '1',
          '-ar',
          '48000',
          '-c:a',
          'libopus',
          '-b:a',
          '32k',
          '-application',
          'voip',
          '-f',
          'ogg',
          'pipe:1',
        ],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      const out: Buffer[] = [];
      let errors = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        errors += chunk.toString();
      });
      child.on('error', (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(
          err.code === 'ENOENT'
            ? new UnsupportedFormatError(
                `voice notes in ${mimetype} need ffmpeg on the session host, which is not installed`,
              )
            : err,
        );
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0 && out.length > 0) resolve(Buffer.concat(out));
        else
          reject(
            new UnsupportedFormatError(
              `${mimetype} could not be converted to Ogg/Opus: ${errors.trim().slice(0, 300) || `exit ${code}`}`,
            ),
          );
      });
      child.stdin.on('error', () => undefined); // ffmpeg may close stdin early on bad input; 'close' reports it
      child.stdin.end(input);
    });
}
