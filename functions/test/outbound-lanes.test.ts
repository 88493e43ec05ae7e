/**
 * Command lanes (docs/deploy.md "Lanes"): with SESSION_LANES > 1 a command goes to its connection's
 * lane queue, the one the hosts of that lane read, whatever shard the connection was pinned to.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { outboundQueueFor } from '../src/platform/queues';
import { laneOf, sessionLaneCount } from '../src/shared-surface/queue-names';

const withEnv = (env: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
};

describe('outbound queue per lane', () => {
  afterEach(() => withEnv({ SESSION_LANES: undefined, SESSION_SHARDS: undefined }));

  it('keeps the shard queue without lanes (one lane by default)', () => {
    withEnv({ SESSION_LANES: undefined, SESSION_SHARDS: '3' });
    expect(sessionLaneCount()).toBe(1);
    expect(outboundQueueFor(2, 'conn-a')).toBe('outbound-2');
    expect(outboundQueueFor(5, 'conn-a')).toBe('outbound-0'); // a shard the stage no longer has
  });

  it("sends each connection's commands to its lane, the same lane every time, whatever its shard", () => {
    withEnv({ SESSION_LANES: '8', SESSION_SHARDS: '1' });
    for (let n = 0; n < 50; n++) {
      const id = `01JCONN${n}`;
      const lane = laneOf(id, 8);
      expect(outboundQueueFor(0, id)).toBe(`outbound-${lane}`);
      expect(outboundQueueFor(3, id)).toBe(`outbound-${lane}`);
    }
  });

  it('spreads connections evenly over the lanes', () => {
    const counts = Array.from({ length: 8 }, () => 0);
    for (let n = 0; n < 16_000; n++) counts[laneOf(`01J${n.toString(36).padStart(8, '0')}ABCDEFGHJKMNPQ`, 8)]! += 1;
    for (const count of counts) expect(Math.abs(count - 2_000)).toBeLessThan(200);
  });

  it('reads a bad or out-of-range lane count as the nearest valid one', () => {
    withEnv({ SESSION_LANES: 'x' });
    expect(sessionLaneCount()).toBe(1);
    withEnv({ SESSION_LANES: '99' });
    expect(sessionLaneCount()).toBe(32);
  });
});
