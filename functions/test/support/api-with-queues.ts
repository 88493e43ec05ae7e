/**
 * The usual setup of a test file that calls areas sending commands (connections): a fresh table,
 * silent logs and the manifest's queues on the SQS emulator. Call at the top level of the file.
 *
 *   const env = useApiWithQueues();   // env.queues.take('outbound-0') inside tests
 */
import { afterAll, beforeAll } from 'vitest';
import { logger } from '../../src/platform/logger';
import { useFreshTable } from './fresh-table';
import { useLocalQueues } from './local-queues';

export function useApiWithQueues(shards = 1): { queues: Awaited<ReturnType<typeof useLocalQueues>> } {
  const env = {} as { queues: Awaited<ReturnType<typeof useLocalQueues>> };
  beforeAll(async () => {
    await useFreshTable();
    logger.setLogLevel('SILENT');
    env.queues = await useLocalQueues(shards);
  });
  afterAll(async () => {
    await env.queues?.stop();
  });
  return env;
}
