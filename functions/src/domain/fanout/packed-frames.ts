/**
 * Packed frames (wire version 2, shared/src/realtime.ts): the envelopes a socket gets from one fan-out
 * batch, joined into as few frames as fit API Gateway's post limit. Order is kept; an envelope too big
 * to share a frame goes alone, as the plain envelope it is (readers accept both shapes).
 */
import { REALTIME_PACKED_FRAME_MAX_BYTES } from '@atende/shared';

const OPEN = '{"frames":[';
const CLOSE = ']}';
const OVERHEAD = OPEN.length + CLOSE.length;

/** `envelopes` are serialised `{ channel, data }` objects; answers the frames to post, in order. */
export function packFrames(envelopes: readonly string[], maxBytes = REALTIME_PACKED_FRAME_MAX_BYTES): string[] {
  const frames: string[] = [];
  let current: string[] = [];
  let bytes = OVERHEAD;
  const flush = () => {
    if (current.length) frames.push(OPEN + current.join(',') + CLOSE);
    current = [];
    bytes = OVERHEAD;
  };
  for (const envelope of envelopes) {
    const size = Buffer.byteLength(envelope);
    if (size + OVERHEAD > maxBytes) {
      flush();
      frames.push(envelope);
      continue;
    }
    const separator = current.length ? 1 : 0;
    if (bytes + separator + size > maxBytes) flush();
    bytes += (current.length ? 1 : 0) + size;
    current.push(envelope);
  }
  flush();
  return frames;
}
