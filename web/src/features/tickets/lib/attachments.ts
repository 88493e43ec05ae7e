/**
 * Attachment rules of spec part 1 §5/§9: at most 3 files, 5 MB each, no scripts/executables/html,
 * no duplicate names. The API checks the same; here the user hears about it before uploading.
 */
export const MAX_ATTACHMENTS = 3;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const BLOCKED_EXTENSIONS = new Set([
  'exe', 'bat', 'cmd', 'com', 'msi', 'scr', 'ps1', 'vbs', 'vbe', 'js', 'mjs', 'jse', 'wsf', 'wsh', 'sh', 'bash',
  'php', 'py', 'pl', 'rb', 'jar', 'apk', 'app', 'dll', 'so', 'html', 'htm', 'xhtml', 'svg', 'hta', 'cpl', 'lnk', 'reg',
]);

export type AttachmentIssue =
  | { kind: 'tooMany' }
  | { kind: 'tooLarge'; name: string }
  | { kind: 'blocked'; name: string }
  | { kind: 'duplicate'; name: string };

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

export function isBlockedFile(file: { name: string; type: string }): boolean {
  if (BLOCKED_EXTENSIONS.has(extensionOf(file.name))) return true;
  return /html|javascript|x-sh|x-msdownload|x-executable/.test(file.type);
}

/** Which of `incoming` may join `current`, and what to tell the user about the rest. */
export function acceptAttachments<F extends { name: string; size: number; type: string }>(
  current: readonly F[],
  incoming: readonly F[],
): { accepted: F[]; issues: AttachmentIssue[] } {
  const accepted: F[] = [];
  const issues: AttachmentIssue[] = [];
  const names = new Set(current.map((f) => f.name));
  for (const file of incoming) {
    if (isBlockedFile(file)) issues.push({ kind: 'blocked', name: file.name });
    else if (file.size > MAX_ATTACHMENT_BYTES) issues.push({ kind: 'tooLarge', name: file.name });
    else if (names.has(file.name)) issues.push({ kind: 'duplicate', name: file.name });
    else if (current.length + accepted.length >= MAX_ATTACHMENTS) {
      if (!issues.some((i) => i.kind === 'tooMany')) issues.push({ kind: 'tooMany' });
    } else {
      accepted.push(file);
      names.add(file.name);
    }
  }
  return { accepted, issues };
}
