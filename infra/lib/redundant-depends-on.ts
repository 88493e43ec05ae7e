/**
 * CDK makes every Lambda function depend on its whole role construct, so the template's `DependsOn`
 * names the role beside its default policy, although the function's `Role` property is already a
 * `Fn::GetAtt` of that role: CloudFormation orders them by the GetAtt. cfn-lint reports each as W3005
 * (31 on the dev stage). This aspect renders such a function's `DependsOn` without the resources its
 * properties already reference; every other dependency (the default policy above all: the function
 * must not run before its grants exist) stays, in CDK's order.
 *
 * The list is computed when the template is written (a lazy override), because CDK turns construct
 * dependencies into resource dependencies after aspects run.
 */
import { CfnResource, Lazy, Stack, type IAspect } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { refsOf } from './template-refs';

const FUNCTION_TYPE = 'AWS::Lambda::Function';

/** The resource's properties as CDK will write them (`cfnProperties` is how every CfnResource exposes them). */
const propertiesOf = (resource: CfnResource): unknown =>
  Stack.of(resource).resolve((resource as unknown as { cfnProperties: unknown }).cfnProperties);

/** The resources CDK would list in `DependsOn`, in its order, less those the properties already reference. */
function dependsOnWithoutReferenced(resource: CfnResource): string[] {
  const stack = Stack.of(resource);
  const direct = resource
    .obtainDependencies()
    .filter((d): d is CfnResource => CfnResource.isCfnResource(d) && Stack.of(d) === stack)
    .sort((x, y) => x.node.path.localeCompare(y.node.path))
    .map((d) => stack.resolve(d.logicalId) as string);
  if (!direct.length) return direct;
  const referenced = refsOf(propertiesOf(resource));
  return direct.filter((id) => !referenced.has(id));
}

export class NoRedundantDependsOn implements IAspect {
  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node) || node.cfnResourceType !== FUNCTION_TYPE) return;
    node.addOverride('DependsOn', Lazy.any({ produce: () => dependsOnWithoutReferenced(node) }, { omitEmptyArray: true }));
  }
}
