/** The REST and WebSocket APIs: every manifest route wired to its area, keys, throttling, logging. */
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { AREA_ACCESS, HTTP_ROUTES, WS_MOCK_ROUTES, WS_ROUTES } from '@atende/functions/manifest';
import { actionsOf, idAtPath, ofType, refsOf, statementsOfRole } from '../support/cloud-assembly';
import { deployedRoutes } from '../support/rest-routes';
import type { CloudAssembly } from '../support/cloud-assembly';
import type { Template } from 'aws-cdk-lib/assertions';
import { stackLookups, type SynthesizedApp, areas } from '../support/synthesized-app';

export function describeApis(app: SynthesizedApp): void {
  let a: CloudAssembly;
  let main: Template;
  let fnIds: Map<string, string>;
  beforeAll(() => {
    a = app.assembly;
    main = app.template;
    fnIds = app.fnIds;
  });
  const { fnProps, roleOf, refersTo } = stackLookups(app);

  describe('REST API', () => {
    it('every manifest route exists and invokes its area, nothing else does', () => {
      const deployed = deployedRoutes(a.main, a.nested[0]!, fnIds);
      const invoking = deployed.filter((r) => r.method !== 'OPTIONS').map((r) => `${r.method} ${r.path} → ${r.area}`);
      expect(invoking.sort()).toEqual(HTTP_ROUTES.map((r) => `${r.method} ${r.path} → ${r.area}`).sort());
      const preflighted = new Set(deployed.filter((r) => r.method === 'OPTIONS').map((r) => r.path));
      for (const route of HTTP_ROUTES) expect(preflighted, `CORS preflight on ${route.path}`).toContain(route.path);
    });

    it('has no per-method metrics (billed per method, read by nobody)', () => {
      const stage = ofType(a.main, 'AWS::ApiGateway::Stage')[0]![1].Properties!;
      expect(stage.MethodSettings.filter((m: { MetricsEnabled?: boolean }) => m.MetricsEnabled)).toEqual([]);
    });

    it('answers only requests that carry the API key CloudFront adds', () => {
      const methods = ofType(a.nested[0]!, 'AWS::ApiGateway::Method')
        .map(([, r]) => r.Properties!)
        .filter((m) => m.HttpMethod !== 'OPTIONS');
      expect(methods.length).toBe(HTTP_ROUTES.length);
      expect(methods.filter((m) => m.ApiKeyRequired !== true)).toEqual([]);
      const key = ofType(a.main, 'AWS::ApiGateway::ApiKey')[0]![1].Properties!;
      const secretId = idAtPath(a, 'Secrets/ApiOriginKey');
      expect(refsOf(key.Value).has(secretId)).toBe(true);
      main.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
        ApiStages: [Match.objectLike({ Stage: Match.anyValue() })],
      });
      const distribution = a.main.Resources[idAtPath(a, 'Web/Distribution')]!.Properties!.DistributionConfig;
      const apiOrigin = distribution.Origins.find((o: { OriginPath?: string }) => o.OriginPath === '/dev');
      expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: 'x-api-key', HeaderValue: expect.anything() }]);
      expect(refsOf(apiOrigin.OriginCustomHeaders[0].HeaderValue).has(secretId)).toBe(true);
    });

    it("both APIs log through the account's API Gateway role, created first and kept when the stack goes", () => {
      const [accountId, account] = ofType(a.main, 'AWS::ApiGateway::Account')[0]!;
      expect(account.DeletionPolicy).toBe('Retain');
      const roleId = [...refsOf(account.Properties!.CloudWatchRoleArn)][0]!;
      expect(a.main.Resources[roleId]!.DeletionPolicy).toBe('Retain');
      expect(ofType(a.main, 'AWS::ApiGateway::Account')).toHaveLength(1);
      for (const type of ['AWS::ApiGateway::Stage', 'AWS::ApiGatewayV2::Stage']) {
        const [, stage] = ofType(a.main, type)[0]!;
        expect([stage.DependsOn ?? []].flat(), type).toContain(accountId);
      }
    });

    it('throttles the stage, stricter on the auth and send classes, with access logs and tracing', () => {
      const throttled = HTTP_ROUTES.filter((r) => r.throttle === 'auth' || r.throttle === 'send');
      main.hasResourceProperties('AWS::ApiGateway::Stage', {
        TracingEnabled: true,
        AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
        MethodSettings: Match.arrayWith([
          Match.objectLike({ ResourcePath: '/*', HttpMethod: '*', ThrottlingRateLimit: 1_000 }),
          ...throttled.map((r) =>
            Match.objectLike({
              ResourcePath: `/${r.path.replace(/\//g, '~1')}`,
              HttpMethod: r.method,
              ThrottlingRateLimit: r.throttle === 'auth' ? 10 : 20,
            }),
          ),
        ]),
      });
    });

    it("samples traces at the stage's entry only: 1 a second, then 1 %, for this API's stage", () => {
      main.resourceCountIs('AWS::XRay::SamplingRule', 1);
      main.hasResourceProperties('AWS::XRay::SamplingRule', {
        SamplingRule: Match.objectLike({
          RuleName: 'atende-dev-api',
          ServiceName: 'atende-dev/dev',
          ServiceType: 'AWS::ApiGateway::Stage',
          ReservoirSize: 1,
          FixedRate: 0.01,
          Priority: Match.anyValue(),
        }),
      });
      const [, rule] = ofType(a.main, 'AWS::XRay::SamplingRule')[0]!;
      expect(rule.Properties!.SamplingRule.Priority).toBeLessThan(10_000); // before the default rule
    });

    it('answers API Gateway errors in the app shape', () => {
      main.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
        StatusCode: '404',
        ResponseTemplates: { 'application/json': '{"error":"ERR_NOT_FOUND"}' },
      });
    });
  });

  describe('WebSocket API', () => {
    it('every manifest WS route invokes its area; $default answers through a route response', () => {
      const integrations = new Map(ofType(a.main, 'AWS::ApiGatewayV2::Integration').map(([id, r]) => [id, r.Properties!]));
      const mockKeys = new Set(WS_MOCK_ROUTES.map((r) => r.routeKey));
      const routes = ofType(a.main, 'AWS::ApiGatewayV2::Route')
        .filter(([, r]) => !mockKeys.has(r.Properties!.RouteKey))
        .map(([, r]) => {
          const integrationId = [...refsOf(r.Properties!.Target)][0]!;
          const functionId = [...refsOf(integrations.get(integrationId)!.IntegrationUri)].find((id) =>
            [...fnIds.values()].includes(id),
          );
          return `${r.Properties!.RouteKey} → ${[...fnIds].find(([, id]) => id === functionId)?.[0]}`;
        });
      expect(routes.sort()).toEqual(WS_ROUTES.map((r) => `${r.routeKey} → ${r.area}`).sort());
      main.hasResourceProperties('AWS::ApiGatewayV2::Stage', { AutoDeploy: true, AccessLogSettings: Match.anyValue() });
      main.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: '$default',
        RouteResponseSelectionExpression: '$default',
      });
    });

    it.each(WS_MOCK_ROUTES.map((r) => [r.routeKey, r] as const))(
      '%s is answered by API Gateway itself (mock integration, fixed response)',
      (routeKey, route) => {
        const [, wsRoute] = ofType(a.main, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties!.RouteKey === routeKey)!;
        const integrationId = [...refsOf(wsRoute.Properties!.Target)][0]!;
        expect(a.main.Resources[integrationId]!.Properties!.IntegrationType).toBe('MOCK');
        expect(wsRoute.Properties!.RouteResponseSelectionExpression).toBe('$default');
        const responses = ofType(a.main, 'AWS::ApiGatewayV2::IntegrationResponse')
          .map(([, r]) => r.Properties!)
          .filter((p) => refersTo(p.IntegrationId, integrationId));
        expect(responses).toEqual([
          expect.objectContaining({ IntegrationResponseKey: '$default', ResponseTemplates: { $default: route.response } }),
        ]);
      },
    );

    it('only the fan-out posts to sockets: it gets the @connections endpoint and may post to this stage only', () => {
      expect(areas.filter((x) => AREA_ACCESS[x].realtime)).toEqual(['fanout']);
      for (const area of areas.filter((x) => AREA_ACCESS[x].realtime)) {
        expect(fnProps(area).Environment.Variables.WS_MANAGEMENT_ENDPOINT).toBeDefined();
        const manage = statementsOfRole(a.main, roleOf(area)).filter((s) =>
          actionsOf(s).includes('execute-api:ManageConnections'),
        );
        expect(manage).toHaveLength(1);
        expect(JSON.stringify(manage[0]!.Resource)).toContain('/dev/POST/@connections/*');
      }
    });
  });
}
