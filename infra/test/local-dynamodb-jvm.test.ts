import { afterEach, describe, expect, it, vi } from 'vitest';
import { javaOptions } from '../local/emulators/dynamodb-local';

describe("DynamoDB Local's JVM flags", () => {
  afterEach(() => vi.unstubAllEnvs());

  it('starts tests on C1 only and long runs on the full tiered JIT, both with the serial collector', () => {
    vi.stubEnv('DYNAMODB_LOCAL_JAVA_OPTS', undefined);
    expect(javaOptions()).toEqual(javaOptions('quick-start'));
    expect(javaOptions('quick-start')).toContain('-XX:TieredStopAtLevel=1');
    expect(javaOptions('steady').some((flag) => flag.startsWith('-XX:TieredStopAtLevel'))).toBe(false);
    for (const jit of ['quick-start', 'steady'] as const) expect(javaOptions(jit)).toContain('-XX:+UseSerialGC');
  });

  it('lets DYNAMODB_LOCAL_JAVA_OPTS replace either set', () => {
    vi.stubEnv('DYNAMODB_LOCAL_JAVA_OPTS', ' -XX:+UseParallelGC   -Xmx2g ');
    expect(javaOptions('steady')).toEqual(['-XX:+UseParallelGC', '-Xmx2g']);
    expect(javaOptions('quick-start')).toEqual(['-XX:+UseParallelGC', '-Xmx2g']);
  });
});
