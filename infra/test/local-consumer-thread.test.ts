import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsumerThread, type ConsumerThread } from '../local/pollers/consumer-thread';

const PROBE = new URL('./support/fake-consumer-probe.ts', import.meta.url).href;
let thread: ConsumerThread;

beforeAll(async () => {
  thread = await startConsumerThread({ env: { FAKE_PROBE_ENV: 'from the stack' }, areas: [], probe: PROBE });
});
afterAll(() => thread.stop());

const event = (...bodies: string[]) => ({ Records: bodies.map((body, i) => ({ messageId: String(i), body })) });

describe('the consumer thread (the queue consumers’ execution environment)', () => {
  it('runs an invocation with the stack’s environment and a Lambda context, and answers its result', async () => {
    const result = (await thread.invoke('inbound', event('a', 'b'), { timeoutMs: 5_000 })) as Record<string, unknown>;

    expect(result).toMatchObject({ bodies: ['a', 'b'], threadEnv: 'from the stack' });
    expect(result.remainingMs).toBeGreaterThan(4_000);
    expect(result.remainingMs).toBeLessThanOrEqual(5_000);
  });

  it('rejects with the handler’s error, its name and stack kept', async () => {
    const failure = await thread.invoke('fanout', event('x')).catch((err: Error) => err);

    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ name: 'TypeError', message: 'fan-out exploded' });
    expect((failure as Error).stack).toContain('fake-consumer-probe.ts');
  });

  it('fails an invocation whose result cannot cross threads, and keeps serving', async () => {
    await expect(thread.invoke('dispatch', event())).rejects.toThrow(/could not be cloned/);
    await expect(thread.invoke('inbound', event('after'))).resolves.toMatchObject({ bodies: ['after'] });
  });

  it('runs invocations side by side and matches each answer to its call', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => thread.invoke('inbound', event(`m${n}`)) as Promise<{ bodies: string[] }>),
    );

    expect(results.map((r) => r.bodies[0])).toEqual(Array.from({ length: 20 }, (_, n) => `m${n}`));
  });

  it('carries probe messages both ways', async () => {
    const echoed = new Promise((resolve) => thread.onProbeMessage(resolve));
    thread.sendToProbe({ ping: 1 });

    expect(await echoed).toEqual({ echoed: { ping: 1 } });
  });

  it('rejects an invocation in flight when the thread ends, and any later one', async () => {
    const other = await startConsumerThread({ env: {}, areas: [], probe: PROBE });
    const inFlight = other.invoke('scheduler', {});
    await other.stop();

    await expect(inFlight).rejects.toThrow(/ended during the invocation/);
    await expect(other.invoke('inbound', event('late'))).rejects.toThrow(/has ended/);
  });
});
