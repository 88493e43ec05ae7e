/**
 * How customer media is served (issue 8 item 6). The sender chooses the content type, so a "document"
 * could be HTML or SVG with script: served inline on a domain of ours it would run there. Only types
 * browsers render without running code are served inline with that type; everything else goes out as
 * `application/octet-stream` with `Content-Disposition: attachment`. Used by the API's signed S3 URLs
 * and by the local simulator's /media.
 */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/wav',
  'audio/webm',
  'audio/amr',
  'video/mp4',
  'video/webm',
  'video/3gpp',
]);

export interface MediaResponseHeaders {
  contentType: string;
  contentDisposition: string;
}

/** `filename*` (RFC 6266/5987) plus an ASCII fallback, quotes and controls removed. */
function filenameParams(fileName: string): string {
  const ascii =
    fileName
      .replace(/[^\x20-\x7e]+/g, '_')
      .replace(/["\\]/g, '_')
      .slice(-150) || 'arquivo';
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName.slice(-150))}`;
}

export function mediaResponseHeaders(mimetype: string | null | undefined, fileName?: string | null): MediaResponseHeaders {
  const base = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  const name = fileName?.trim() || 'arquivo';
  if (INLINE_TYPES.has(base)) return { contentType: base, contentDisposition: `inline; ${filenameParams(name)}` };
  return { contentType: 'application/octet-stream', contentDisposition: `attachment; ${filenameParams(name)}` };
}
