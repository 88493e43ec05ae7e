/**
 * cdk-nag findings we accept, recorded next to the code they are about (Validations.acknowledge,
 * each with its reason); infra/test/cdk-nag.test.ts runs the AwsSolutions pack and expects nothing
 * else. IAM5 findings name the exact wildcard they accept, so a new wildcard still fails the test.
 */
import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  // `IAM5[…]` is an AwsSolutions rule; `CloudFormation-Validate::W9003` names its own plugin.
  const qualified = /^[A-Za-z-]+::/.test(id) || id.startsWith('AwsSolutions-') ? id : `AwsSolutions-${id}`;
  Validations.of(scope).acknowledge({ id: qualified, reason });
}

/** `<LogicalId.Arn>` as cdk-nag prints a resource's ARN inside an IAM5 finding. */
export function nagArnOf(resource: IConstruct): string {
  const cfn = (resource.node.defaultChild ?? resource) as CfnElement;
  const stack = Stack.of(cfn);
  return `<${stack.resolve(stack.getLogicalId(cfn)) as string}.Arn>`;
}

/** AWS-managed policy finding id (AwsSolutions-IAM4). */
export const managedPolicyFinding = (name: string) => `IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${name}]`;
