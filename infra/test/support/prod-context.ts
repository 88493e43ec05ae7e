/** What a prod synth must name (build-app.ts `requireProdGuards`): the edge web ACL and an alarm subscriber. */
export const PROD_GUARDS = {
  webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/atende-edge/1234',
  alarmEmail: 'ops@atende.example',
} as const;
