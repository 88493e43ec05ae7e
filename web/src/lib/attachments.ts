/**
 * Attachment rules of spec part 1 §5/§9 (at most 3 files, 5 MB each, no scripts/executables/html,
 * no duplicate names), from the shared contract the API checks again. Here the user hears about
 * a refused file before anything is uploaded.
 */
import { isAllowedAttachment, MAX_MEDIA_BYTES, MAX_MEDIA_FILES } from '@atende/shared';

export { putToStorage } from './storage-upload';

export type AttachmentIssue =
  | { kind: 'tooMany' }
  | { kind: 'tooLarge'; name: string }
  | { kind: 'blocked'; name: string }
  | { kind: 'duplicate'; name: string };

/** Which of `incoming` may join `current`, and what to tell the user about the rest. */
export function acceptAttachments<F extends { name: string; size: number; type: string }>(
  current: readonly F[],
  incoming: readonly F[],
): { accepted: F[]; issues: AttachmentIssue[] } {
  const accepted: F[] = [];
  const issues: AttachmentIssue[] = [];
  const names = new Set(current.map((f) => f.name));
  for (const file of incoming) {
    if (!isAllowedAttachment(file.name, file.type || 'application/octet-stream'))
      issues.push({ kind: 'blocked', name: file.name });
    else if (file.size > MAX_MEDIA_BYTES) issues.push({ kind: 'tooLarge', name: file.name });
    else if (names.has(file.name)) issues.push({ kind: 'duplicate', name: file.name });
    else if (current.length + accepted.length >= MAX_MEDIA_FILES) {
      if (!issues.some((i) => i.kind === 'tooMany')) issues.push({ kind: 'tooMany' });
    } else {
      accepted.push(file);
      names.add(file.name);
    }
  }
  return { accepted, issues };
}
