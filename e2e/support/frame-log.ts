/**
 * A user's realtime socket opened as a console opens it (bench/support/console-client.ts), keeping
 * every frame it carries as JSON text, so a journey can judge what reached whom: the audience rule
 * ("only members ever receive a chat's events") is checked on the frames, not on the screen.
 * It signs the user in: use it for a user no browser signs in as (a second sign-in is another device).
 */
import { signIn } from '../../bench/support/console-client';
import type { LocalStack } from '../../infra/local/stack';
import type { Credentials } from './local-stack';

export interface FrameLog {
  /** The user's id, from the sign-in. */
  userId: string;
  /** Every envelope the socket carried, as JSON, in order. */
  frames: string[];
  /** Frames that mention any of `marks` (an id, a title, a message's text). */
  mentioning(marks: string[]): string[];
  close(): void;
}

/** `marks` as they appear inside JSON text (quotes and non-ASCII escaped the way JSON.stringify does). */
const inJson = (mark: string) => JSON.stringify(mark).slice(1, -1);

export async function openFrameLog(stack: LocalStack, credentials: Credentials): Promise<FrameLog> {
  const client = await signIn(stack.apiUrl, stack.wsUrl, credentials.email, credentials.password);
  const me = await client.api<{ id: string }>('GET', '/auth/me');
  const socket = await client.socket();
  const frames: string[] = [];
  socket.onEnvelope((envelope) => void frames.push(JSON.stringify(envelope)));
  return {
    userId: me.id,
    frames,
    mentioning: (marks) => frames.filter((frame) => marks.some((mark) => frame.includes(inJson(mark)))),
    close: () => socket.close(),
  };
}
