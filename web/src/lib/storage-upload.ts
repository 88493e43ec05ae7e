/**
 * The upload itself, apart from the attachment rules (lib/attachments.ts): code that only uploads
 * (the tickets screen's message cache, on its first load) does not carry the rules' shared schemas.
 */
import { ApiError } from './api-client';

/** Sends one file to the presigned PUT the API answered (media never passes through the API). */
export async function putToStorage(
  upload: { url: string; method: 'PUT'; headers: Record<string, string> },
  file: Blob,
): Promise<void> {
  const response = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
  if (!response.ok) throw new ApiError(response.status, 'ERR_UPLOAD_FAILED');
}
