/** Web hosting, security headers and observability. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { idAtPath, ofType, refsOf } from '../support/cloud-assembly';
import type { CloudAssembly } from '../support/cloud-assembly';
import type { Template } from 'aws-cdk-lib/assertions';
import { stackLookups, type SynthesizedApp, SHARDS } from '../support/synthesized-app';

export function describeHostingAndObservability(app: SynthesizedApp): void {
  let a: CloudAssembly;
  let main: Template;
  beforeAll(() => {
    a = app.assembly;
    main = app.template;
  });
  const { refersTo } = stackLookups(app);

  describe('web hosting', () => {
    it('serves the console from a private bucket and routes /api/* to the REST API', () => {
      main.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          // SPA fallback is a viewer function: error pages would also rewrite the API's 403/404.
          CustomErrorResponses: Match.absent(),
          Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
          CacheBehaviors: Match.arrayWith([
            Match.objectLike({
              PathPattern: '/api/*',
              CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // managed CachingDisabled
              FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
            }),
          ]),
          DefaultCacheBehavior: Match.objectLike({
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        }),
      });
    });

    it('writes /config.json with the API and WebSocket URLs at deploy time and invalidates the cache', () => {
      const entry = ofType(a.main, 'Custom::CDKBucketDeployment').find(([, r]) => r.Properties!.DistributionPaths)?.[1];
      expect(entry!.Properties!.DistributionPaths).toEqual(['/*']);
      expect(entry!.Properties!.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
      const markers = refsOf(entry!.Properties!.SourceMarkers);
      expect(markers.has(idAtPath(a, 'Web/Distribution'))).toBe(true);
      expect(markers.has(idAtPath(a, 'Realtime/Api'))).toBe(true);
    });
  });

  describe('security headers', () => {
    const policyOf = (behavior: { ResponseHeadersPolicyId: unknown }) => {
      const id = [...refsOf(behavior.ResponseHeadersPolicyId)][0]!;
      return a.main.Resources[id]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    };
    const csp = (config: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } }) =>
      JSON.stringify(config.ContentSecurityPolicy.ContentSecurityPolicy);
    const distribution = () => a.main.Resources[idAtPath(a, 'Web/Distribution')]!.Properties!.DistributionConfig;

    it('the console: CSP without inline scripts, HSTS, nosniff, no framing', () => {
      const config = policyOf(distribution().DefaultCacheBehavior);
      expect(csp(config)).toContain("frame-ancestors 'none'");
      expect(csp(config)).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
      expect(config.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 730 * 86400, IncludeSubdomains: true });
      expect(config.ContentTypeOptions).toBeDefined();
      expect(config.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    });

    it('the sign-up page may be framed by other sites; the API may not', () => {
      const behaviors = distribution().CacheBehaviors as { PathPattern: string; ResponseHeadersPolicyId: unknown }[];
      for (const path of ['/signup', '/signup/*']) {
        const config = policyOf(behaviors.find((b) => b.PathPattern === path)!);
        expect(csp(config)).toContain('frame-ancestors *');
        expect(config.FrameOptions).toBeUndefined();
        expect(config.StrictTransportSecurity).toBeDefined();
      }
      const api = policyOf(behaviors.find((b) => b.PathPattern === '/api/*')!);
      expect(csp(api)).toContain("default-src 'none'");
      expect(api.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
    });
  });

  describe('observability', () => {
    it('a dashboard, one error alarm for every function, an API 5xx alarm and a down alarm per shard', () => {
      main.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
      const alarms = ofType(a.main, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);
      // One alarm metric (AWS/Lambda's account-level Errors) instead of one per area: the floor (issue 28 §4).
      const errors = alarms.filter((p) => p.MetricName === 'Errors');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ Namespace: 'AWS/Lambda', Statistic: 'Sum' });
      expect(errors[0]!.Dimensions).toBeUndefined();
      expect(
        alarms.filter((p) => p.Metrics?.some((m: { Expression?: string }) => m.Expression?.includes('errors / requests'))),
      ).toHaveLength(1);
      expect(alarms.filter((p) => p.MetricName === 'CPUUtilization' && p.TreatMissingData === 'breaching')).toHaveLength(
        SHARDS,
      );
      expect(alarms.every((p) => p.AlarmActions?.length === 1)).toBe(true);
    });

    it('alarms on shard memory, function throttles and failed EventBridge deliveries; the hostwatch rule has a DLQ', () => {
      const alarms = ofType(a.main, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!);
      expect(alarms.filter((p) => p.MetricName === 'MemoryUtilization')).toHaveLength(SHARDS);
      expect(alarms.filter((p) => p.Namespace === 'AWS/Lambda' && p.MetricName === 'Throttles')).toHaveLength(1);
      const rules = ofType(a.main, 'AWS::Events::Rule');
      for (const [ruleId] of rules) {
        expect(
          alarms.filter((p) => p.MetricName === 'FailedInvocations' && refersTo(p.Dimensions, ruleId)),
          ruleId,
        ).toHaveLength(1);
      }
      const hostwatchRule = rules.find(([, r]) => r.Properties!.EventPattern?.source?.[0] === 'aws.ecs')![1].Properties!;
      const dlqId = [...refsOf(hostwatchRule.Targets[0].DeadLetterConfig.Arn)][0]!;
      expect(a.main.Resources[dlqId]!.Type).toBe('AWS::SQS::Queue');
      expect(
        alarms.filter((p) => p.MetricName === 'ApproximateNumberOfMessagesVisible' && refersTo(p.Dimensions, dlqId)),
      ).toHaveLength(1);
    });
  });
}
