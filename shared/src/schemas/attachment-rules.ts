/**
 * Attachment rules (spec part 1 §5, §9) as plain constants and functions: what the console checks
 * before uploading and what the senders use (`mediaKindOf`). No zod here, so a Lambda that only sends
 * media does not carry the validators (attachments.ts holds the schemas).
 */

/** Attachments (spec part 1 §5, §9): at most 3 files, 5 MB each, no scripts/executables/html. */
export const MAX_MEDIA_FILES = 3;
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;
/** A recorded audio under this size is discarded by the console (spec part 1 §5). */
export const MIN_RECORDED_AUDIO_BYTES = 10_000;
/** Extensions refused whatever the declared type says. */
export const BLOCKED_MEDIA_EXTENSIONS = [
  'exe',
  'bat',
  'cmd',
  'com',
  'msi',
  'scr',
  'pif',
  'cpl',
  'dll',
  'sys',
  'vbs',
  'vbe',
  'js',
  'mjs',
  'cjs',
  'jse',
  'ws',
  'wsf',
  'wsh',
  'ps1',
  'psm1',
  'sh',
  'bash',
  'zsh',
  'csh',
  'ksh',
  'php',
  'phtml',
  'py',
  'pl',
  'rb',
  'jar',
  'apk',
  'app',
  'dmg',
  'deb',
  'rpm',
  'bin',
  'run',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'hta',
  'lnk',
  'reg',
  'inf',
  'msp',
  'gadget',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'swf',
] as const;
/** Declared types accepted: audio, video, image and documents (anything `application/` or `text/` except html/js). */
const ALLOWED_MIME = /^(audio|video|image)\/[\w.+-]+$|^application\/[\w.+-]+$|^text\/(plain|csv)$/;
const BLOCKED_MIME =
  /^(text\/html|application\/(x-)?(javascript|ecmascript|x-msdownload|x-sh|x-httpd-php|xhtml\+xml|java-archive|vnd\.microsoft\.portable-executable))$|^image\/svg\+xml$/;

/** Message keys (`validation.message.*`) of the attachment and body rules (spec part 1 §5). */
export const MESSAGE_MSG = {
  blockedType: 'validation.message.blockedType',
  tooLarge: 'validation.message.tooLarge',
  tooMany: 'validation.message.tooMany',
  duplicateName: 'validation.message.duplicateName',
  emptyBody: 'validation.message.emptyBody',
} as const;

const extensionOf = (fileName: string) => (fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '');

/** True when a file may be attached (spec part 1 §5): the console checks before uploading, the API again. */
export function isAllowedAttachment(fileName: string, mimetype: string): boolean {
  const ext = extensionOf(fileName);
  if ((BLOCKED_MEDIA_EXTENSIONS as readonly string[]).includes(ext)) return false;
  const type = mimetype.toLowerCase();
  return ALLOWED_MIME.test(type) && !BLOCKED_MIME.test(type);
}

/** `audio/ogg` → 'audio', `application/pdf` → 'document' … */
export function mediaKindOf(mimetype: string): 'image' | 'audio' | 'video' | 'document' {
  const top = mimetype.toLowerCase().split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'document';
}

export const noDuplicateNames = (files: { fileName: string }[]) =>
  new Set(files.map((f) => f.fileName)).size === files.length;
