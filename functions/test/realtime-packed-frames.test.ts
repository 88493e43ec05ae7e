/** Packing a socket's envelopes into frames: order kept, every frame within the limit, oversize alone. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unpackRealtimeFrame } from '@atende/shared';
import { packFrames } from '../src/domain/fanout/packed-frames';

const envelope = (text: string) => JSON.stringify({ channel: 'company-1-ticket', data: { action: 'update', text } });
const unpacked = (frames: string[]) => frames.flatMap((f) => unpackRealtimeFrame(JSON.parse(f)));

describe('packFrames', () => {
  it('puts a small batch in one frame, in order', () => {
    const envelopes = ['a', 'b', 'c'].map(envelope);
    const frames = packFrames(envelopes);
    expect(frames).toHaveLength(1);
    expect(unpacked(frames)).toEqual(envelopes.map((e) => JSON.parse(e)));
  });

  it('sends an envelope too big to share a frame alone, as a plain envelope', () => {
    const big = envelope('x'.repeat(300));
    const frames = packFrames([envelope('a'), big, envelope('b')], 200);
    expect(frames).toEqual([`{"frames":[${envelope('a')}]}`, big, `{"frames":[${envelope('b')}]}`]);
  });

  it('keeps every envelope once, in order, and every packed frame within the limit (UTF-8 bytes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 120 }), { maxLength: 40 }),
        fc.integer({ min: 80, max: 600 }),
        (texts, max) => {
          const envelopes = texts.map(envelope);
          const frames = packFrames(envelopes, max);
          expect(unpacked(frames)).toEqual(envelopes.map((e) => JSON.parse(e)));
          for (const frame of frames)
            if (frame.startsWith('{"frames"')) expect(Buffer.byteLength(frame)).toBeLessThanOrEqual(max);
            else expect(envelopes).toContain(frame);
        },
      ),
    );
  });
});
