/**
 * The per-IP rate limit in front of CloudFront: a WAF web ACL of CLOUDFRONT scope. Such an ACL can
 * only live in us-east-1, while a stage stack lives in its own region, so it is a stack of its own
 * (`infra/bin/edge.ts`), deployed once per account and shared by every stage: each stage's
 * distribution names it with `-c webAclArn=<WebAclArn output>` (docs/deploy.md "Edge rate limit").
 * One ACL for all stages also keeps its fixed price ($5 + $1 per rule a month) out of each stage's floor.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** WAF counts requests per IP over a sliding window and blocks an IP above the limit. */
export const EDGE_RATE_LIMITS = {
  /** Every request to the distribution (console files, API, config), per IP per 5 minutes. */
  all: { limit: 3000, windowSeconds: 300 },
  /** Sign-in, refresh and logout, per IP per 5 minutes (the app also limits per e-mail and IP). */
  auth: { limit: 300, windowSeconds: 300 },
} as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

export class EdgeWafStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, { ...props, env: { ...props.env, region: 'us-east-1' } });
    const blockAbove = (
      name: string,
      priority: number,
      rate: { limit: number; windowSeconds: number },
      scopeDown?: CfnWebACL.StatementProperty,
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      statement: {
        rateBasedStatement: {
          aggregateKeyType: 'IP',
          limit: rate.limit,
          evaluationWindowSec: rate.windowSeconds,
          ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
        },
      },
      visibilityConfig: visibility(name),
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: 'atende-edge',
      // (WAF descriptions refuse quotes.)
      description: 'Atende: per-IP rate limits in front of the CloudFront distribution of every stage',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('atende-edge'),
      rules: [
        blockAbove('per-ip-auth', 0, EDGE_RATE_LIMITS.auth, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/auth/',
            textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
          },
        }),
        blockAbove('per-ip-all', 1, EDGE_RATE_LIMITS.all),
      ],
    });
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn, description: 'Pass to each stage: -c webAclArn=<this>' });
  }
}
