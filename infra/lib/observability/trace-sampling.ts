/**
 * The one place traces start: the REST stage samples its requests with this rule and passes the decision
 * to the function it calls (functions are PassThrough: infra/lib/functions/atende-function.ts). X-Ray bills
 * $5 per million traces; without the rule the stage and every function sample on their own (1 a second
 * and 5 % of the rest each), and the queue consumers and the fan-out are most of the invocations
 * (docs/deploy.md "Cost estimate", X-Ray).
 */
import { CfnSamplingRule } from 'aws-cdk-lib/aws-xray';
import type { Construct } from 'constructs';

/** One request a second (every quiet stage keeps its traces), then 1 % of the rest. */
export const API_TRACE_SAMPLING = { reservoirSize: 1, fixedRate: 0.01 } as const;

/**
 * Before the default rule (priority 10,000) for this stage's REST API only: X-Ray names an API
 * Gateway stage's segments `<api name>/<stage>`. The rule is per account and region, like its name.
 */
export function apiTraceSampling(scope: Construct, props: { apiName: string; stageName: string }): CfnSamplingRule {
  return new CfnSamplingRule(scope, 'TraceSampling', {
    samplingRule: {
      ruleName: `${props.apiName}-api`.slice(0, 32),
      priority: 100,
      ...API_TRACE_SAMPLING,
      serviceName: `${props.apiName}/${props.stageName}`,
      serviceType: 'AWS::ApiGateway::Stage',
      host: '*',
      httpMethod: '*',
      urlPath: '*',
      resourceArn: '*',
      version: 1,
    },
  });
}
