/** A consumer-thread probe for local-consumer-thread.test.ts: fake areas, and an echo of probe messages. */
import type { SQSEvent } from 'aws-lambda';
import type { ConsumerProbe } from '../../local/pollers/consumer-thread';

export const probe: ConsumerProbe = (send, onMessage) => {
  onMessage((message) => send({ echoed: message }));
  return {
    inbound: async (event: SQSEvent, context) => ({
      bodies: event.Records.map((r) => r.body),
      remainingMs: context.getRemainingTimeInMillis(),
      threadEnv: process.env.FAKE_PROBE_ENV,
    }),
    fanout: async () => {
      throw new TypeError('fan-out exploded');
    },
    dispatch: async () => ({ notCloneable: () => 1 }),
    scheduler: () => new Promise(() => {}), // never answers
  };
};
