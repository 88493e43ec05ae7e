/**
 * One send, however many times it is tried (issue 30 item 1). Each send carries a `clientMessageId`
 * the API uses as its idempotency key on this ticket: a retry after a failure the server may not have
 * seen (a gateway timeout after the message was already sent) answers the first send instead of
 * sending again. The key lives as long as the draft it was made for: the same draft sent again is the
 * same attempt (its uploads too); any change to it is a new send with a new key.
 */
import type { SendMessageInput } from '@atende/shared';

export interface SendDraft {
  ticketId: string;
  body: string;
  files: readonly File[];
  quotedId: string | null;
  sign: boolean;
  voiceNote: boolean;
}

export interface SendAttempt {
  readonly clientMessageId: string;
  readonly draft: SendDraft;
  /** The draft's files once uploaded: a retry sends the same keys without uploading again. */
  uploaded?: SendMessageInput['medias'];
}

/**
 * A fresh idempotency key: 128 random bits as 32 hex characters (the API takes `[\w-]{8,64}`).
 * `getRandomValues`, not `randomUUID`: the console opened over plain http (a phone on the LAN
 * reaching a local run) is not a secure context, where `randomUUID` does not exist.
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const sameFiles = (a: readonly File[], b: readonly File[]) => a.length === b.length && a.every((f, i) => f === b[i]);

const sameDraft = (a: SendDraft, b: SendDraft) =>
  a.ticketId === b.ticketId &&
  a.body === b.body &&
  a.quotedId === b.quotedId &&
  a.sign === b.sign &&
  a.voiceNote === b.voiceNote &&
  sameFiles(a.files, b.files);

/** The failed attempt again when `draft` is the draft it was for (a retry); otherwise a new attempt. */
export function attemptFor(failed: SendAttempt | null, draft: SendDraft): SendAttempt {
  return failed && sameDraft(failed.draft, draft) ? failed : { clientMessageId: newClientMessageId(), draft };
}
