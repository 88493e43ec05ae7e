/**
 * DynamoDB for the fault proxy (aws-json-flavor.ts): faults answer the way DynamoDB does, so the SDK
 * treats them as it would in AWS (throttles and 500s are retried by its standard retry strategy).
 */
import { awsJsonFlavor, type ServiceErrors } from './aws-json-flavor';
import type { FaultProfile } from './fault-proxy';

/** The operations that change data: where a fault after the call was applied hurts. */
export const DYNAMODB_WRITES = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'] as const;
export const DYNAMODB_READS = ['GetItem', 'Query', 'BatchGetItem', 'TransactGetItems', 'Scan'] as const;

const ERRORS: ServiceErrors = {
  throughput: {
    status: 400,
    type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
    message: 'The level of configured provisioned throughput for the table was exceeded.',
  },
  throttling: {
    status: 400,
    type: 'com.amazon.coral.availability#ThrottlingException',
    message: 'Rate of requests exceeds the allowed throughput.',
  },
  'server-error': {
    status: 500,
    type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
    message: 'Internal server error',
  },
  'gateway-timeout': {
    status: 504,
    type: 'com.amazonaws.dynamodb.v20120810#InternalServerError',
    message: 'Gateway timeout',
  },
};

export const dynamoDbFlavor = awsJsonFlavor(ERRORS);

/**
 * Every read and write fails `share` of the time with DynamoDB's retryable errors and timeouts, half
 * of the write failures after the write was applied, with 0–`maxLatencyMs` ms added to each call.
 */
export function dynamoDbFaultProfile(share: number, maxLatencyMs = 20): FaultProfile {
  const latencyMs: [number, number] = [0, maxLatencyMs];
  const kinds = ['throughput', 'throttling', 'server-error', 'timeout'] as const;
  const profile: FaultProfile = {};
  for (const op of DYNAMODB_WRITES) profile[op] = { share, kinds: [...kinds], afterShare: 0.5, latencyMs };
  for (const op of DYNAMODB_READS) profile[op] = { share, kinds: [...kinds], latencyMs };
  return profile;
}
