/**
 * The account's edge stack (us-east-1): the WAF web ACL every stage's CloudFront distribution uses.
 * `npm run deploy:edge -w infra` once per account; then deploy stages with `-c webAclArn=<WebAclArn>`.
 */
import { App } from 'aws-cdk-lib';
import { EdgeWafStack } from '../lib/edge/edge-waf-stack';

const app = new App();
new EdgeWafStack(app, 'Atende-edge', {
  description: 'Atende edge: WAF per-IP rate limits for CloudFront (shared by every stage)',
  env: { account: process.env.CDK_DEFAULT_ACCOUNT },
  tags: { app: 'atende' },
});
