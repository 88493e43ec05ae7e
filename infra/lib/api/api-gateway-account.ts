/**
 * API Gateway's account-level CloudWatch role (one setting per account and region): both APIs' stages
 * write access logs through it, so each stage depends on it (a first deploy in a fresh account would
 * otherwise race it and fail). Kept when the stack is deleted, in every stage: the setting is shared,
 * and deleting dev's role would break prod's logging.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct, type IDependable } from 'constructs';
import { acknowledge, managedPolicyFinding } from '../acknowledge';

export class ApiGatewayAccount extends Construct {
  readonly role: Role;
  readonly account: CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.role = new Role(this, 'CloudWatchRole', {
      description: 'API Gateway writes access logs to CloudWatch (account-level setting, kept on stack deletion)',
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.account = new CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      this.role,
      managedPolicyFinding('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      'The AWS-managed policy made for exactly this role (API Gateway pushing its logs); it grants only CloudWatch Logs writes.',
    );
  }

  /** The stage's access logs need the account setting in place first. */
  requiredBy(stage: IDependable & Construct): void {
    stage.node.addDependency(this.account);
  }
}
