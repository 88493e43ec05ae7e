/**
 * SQS for the fault proxy (aws-json-flavor.ts), between the session host and SQS: faults answer the
 * way SQS does (a 500 `InternalError`, a 400 `RequestThrottled`), so the SDK retries them as it would.
 * A fault after the call was applied is the nasty case for each call the host makes:
 * - `ReceiveMessage`: SQS handed commands out (hidden for the visibility timeout) and the host never
 *   saw them: they come back later, none may be lost;
 * - `DeleteMessage`: the command ran and was deleted, the host sees an error: nothing runs twice;
 * - `ChangeMessageVisibility`: a held command's lease was or was not extended;
 * - `SendMessage`/`SendMessageBatch`: a channel event enqueued, the host sees an error and sends it
 *   again (its deduplication id is the event's).
 */
import { awsJsonFlavor, type ServiceErrors } from './aws-json-flavor';
import type { FaultProfile } from './fault-proxy';

const ERRORS: ServiceErrors = {
  throughput: { status: 400, type: 'com.amazonaws.sqs#RequestThrottled', message: 'Request is throttled.' },
  throttling: { status: 400, type: 'com.amazonaws.sqs#RequestThrottled', message: 'Request is throttled.' },
  'server-error': { status: 500, type: 'com.amazonaws.sqs#InternalError', message: 'Internal error' },
  'gateway-timeout': { status: 504, type: 'com.amazonaws.sqs#InternalError', message: 'Gateway timeout' },
};

export const sqsFlavor = awsJsonFlavor(ERRORS, { queryCompatible: true });

/** The calls the session host makes to SQS: its command queue's, and the channel events it sends. */
export const SESSION_HOST_SQS_CALLS = [
  'ReceiveMessage',
  'DeleteMessage',
  'ChangeMessageVisibility',
  'SendMessage',
  'SendMessageBatch',
] as const;

/**
 * The session host's calls to SQS fail `share` of the time (a 500, a throttle or a dropped connection),
 * half of the failures after SQS applied the call, with 0–`maxLatencyMs` ms added to each; at 0.5 one
 * call in eight fails all three of the SDK's attempts, so the host's own retries and crash paths run,
 * not only the SDK's. Receives fail `receiveShare` of the time: one received and never seen hides its
 * command, and with it the connection's whole FIFO group, for the host's visibility timeout (20 s).
 */
export function sessionHostSqsFaultProfile(share: number, receiveShare: number, maxLatencyMs = 20): FaultProfile {
  const profile: FaultProfile = {};
  for (const op of SESSION_HOST_SQS_CALLS)
    profile[op] = {
      share: op === 'ReceiveMessage' ? receiveShare : share,
      kinds: ['server-error', 'throttling', 'timeout'],
      afterShare: 0.5,
      latencyMs: [0, maxLatencyMs],
    };
  return profile;
}
