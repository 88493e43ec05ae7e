/**
 * An AWS service speaking the JSON protocol, for the fault proxy: the operation is the `X-Amz-Target`
 * action (`DynamoDB_20120810.PutItem` → `PutItem`), and a fault is answered with the service's own
 * error (`__type`), so the SDK treats it as it would in AWS. `queryCompatible`: the service also names
 * the error in `x-amzn-query-error`, as SQS does.
 */
import type { FaultKind, ProxyFlavor } from './fault-proxy';

export type ServiceErrors = Record<Exclude<FaultKind, 'timeout'>, { status: number; type: string; message: string }>;

export function awsJsonFlavor(errors: ServiceErrors, { queryCompatible = false } = {}): ProxyFlavor {
  return {
    operation: (_method, _path, headers) => {
      const target = headers['x-amz-target'];
      return typeof target === 'string' ? target.split('.').pop() : undefined;
    },
    errorAnswer: (kind) => {
      const error = errors[kind];
      const code = `${error.type.split('#')[1]};${error.status >= 500 ? 'Receiver' : 'Sender'}`;
      return {
        status: error.status,
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amzn-requestid': `fault-${Date.now()}`,
          ...(queryCompatible ? { 'x-amzn-query-error': code } : {}),
        },
        body: JSON.stringify({ __type: error.type, message: error.message }),
      };
    },
  };
}
