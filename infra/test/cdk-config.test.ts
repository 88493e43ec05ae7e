/**
 * The parts of the CDK app that need no full synth: the CloudFront Functions' code (run as it
 * ships), what the stage name switches, and how bad context is refused.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from '@atende/functions/manifest';
import { buildApp } from '../lib/build-app';
import { Data } from '../lib/data/data-construct';
import { REPO_ROOT, SESSION_HOST_DOCKERFILE } from '../lib/paths';
import { HEALTH_PORT } from '../lib/session-host/session-host-construct';
import { stageConfig } from '../lib/stage-config';
import { EDGE_RATE_LIMITS, EdgeWafStack } from '../lib/edge/edge-waf-stack';
import { SPA_FALLBACK_CODE, STRIP_API_PREFIX_CODE, VIEWER_IP_HEADER } from '../lib/web/edge-functions';
import { consoleCsp, inlineScriptHashes } from '../lib/web/security-headers';

type Headers = Record<string, { value: string }>;
type ViewerRequest = {
  request: { uri: string; querystring?: Record<string, unknown>; headers: Headers };
  viewer: { ip: string };
};
const load = (code: string) =>
  new Function(`${code}; return handler;`)() as (event: ViewerRequest) => { uri: string; headers: Headers };
const viewerRequest = (uri: string, headers: Headers = {}): ViewerRequest => ({
  request: { uri, querystring: { page: { value: '2' } }, headers },
  viewer: { ip: '203.0.113.7' },
});

describe('CloudFront Functions', () => {
  const spaFallback = load(SPA_FALLBACK_CODE);
  const stripApiPrefix = load(STRIP_API_PREFIX_CODE);

  it.each([
    ['/', '/index.html'],
    ['/tickets/01J9Z8', '/index.html'],
    ['/login', '/index.html'],
    ['/assets/index-4f9a1c.js', '/assets/index-4f9a1c.js'],
    ['/config.json', '/config.json'],
  ])('SPA fallback: %s → %s', (uri, expected) => {
    expect(spaFallback(viewerRequest(uri)).uri).toBe(expected);
  });

  it.each([
    ['/api/auth/login', '/auth/login'],
    ['/api/users/01J9Z8', '/users/01J9Z8'],
    ['/api', '/'],
    ['/api/', '/'],
  ])('API prefix: %s → %s', (uri, expected) => {
    const event = viewerRequest(uri);
    expect(stripApiPrefix(event)).toMatchObject({ uri: expected, querystring: { page: { value: '2' } } });
  });

  it('API requests carry the viewer address CloudFront saw, whatever the viewer sent', () => {
    const forged = viewerRequest('/api/auth/login', {
      [VIEWER_IP_HEADER]: { value: '198.51.100.1' },
      'x-forwarded-for': { value: '198.51.100.1' },
    });
    expect(stripApiPrefix(forged).headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
    expect(stripApiPrefix(viewerRequest('/api/auth/login')).headers[VIEWER_IP_HEADER]).toEqual({ value: '203.0.113.7' });
  });
});

describe('security headers', () => {
  it("allows exactly the page's inline scripts, by hash", () => {
    const page = readFileSync(join(REPO_ROOT, 'web', 'index.html'), 'utf8');
    const hashes = inlineScriptHashes(page);
    expect(hashes.length).toBe((page.match(/<script>/g) ?? []).length);
    const expected = `'sha256-${createHash('sha256').update('a()').digest('base64')}'`;
    expect(inlineScriptHashes('<script>a()</script><script type="module" src="/x.js"></script>')).toEqual([expected]);
    const csp = consoleCsp({ region: 'sa-east-1', scriptHashes: hashes, frameAncestors: "'none'" });
    expect(csp).toContain(`script-src 'self' ${hashes.join(' ')};`);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain('wss://*.execute-api.sa-east-1.amazonaws.com');
  });
});

describe('edge stack (WAF)', () => {
  it('a CLOUDFRONT-scope web ACL in us-east-1 with per-IP rate rules', () => {
    const app = new App();
    const stack = new EdgeWafStack(app, 'Atende-edge');
    expect(stack.region).toBe('us-east-1');
    // CDK's CloudFormation validation (what `cdk synth` fails on) finds nothing.
    app.synth();
    const reportFile = join(app.outdir, 'validation-report.json');
    const report = existsSync(reportFile)
      ? (JSON.parse(readFileSync(reportFile, 'utf8')) as { pluginReports: { violations: { ruleName: string }[] }[] })
      : { pluginReports: [] };
    expect(report.pluginReports.flatMap((p) => p.violations.map((v) => v.ruleName))).toEqual([]);
    const t = Template.fromStack(stack);
    t.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        {
          Name: 'per-ip-auth',
          Priority: 0,
          Action: { Block: Match.anyValue() },
          VisibilityConfig: Match.anyValue(),
          Statement: {
            RateBasedStatement: Match.objectLike({
              AggregateKeyType: 'IP',
              Limit: EDGE_RATE_LIMITS.auth.limit,
              ScopeDownStatement: Match.anyValue(),
            }),
          },
        },
        {
          Name: 'per-ip-all',
          Priority: 1,
          Action: { Block: Match.anyValue() },
          VisibilityConfig: Match.anyValue(),
          Statement: { RateBasedStatement: Match.objectLike({ AggregateKeyType: 'IP', Limit: EDGE_RATE_LIMITS.all.limit }) },
        },
      ],
    });
    t.hasOutput('WebAclArn', Match.anyValue());
  });
});

describe('stage', () => {
  const dataOf = (stage: 'dev' | 'prod') => {
    const stack = new Stack(new App(), `Data-${stage}`);
    new Data(stack, 'Data', { stage: stageConfig(stage), corsOrigins: ['https://console.example.com'] });
    return Template.fromStack(stack);
  };

  it('prod protects and keeps the table; dev lets it go', () => {
    const prod = dataOf('prod');
    prod.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', Properties: { DeletionProtectionEnabled: true } });
    const dev = dataOf('dev');
    dev.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', Properties: { DeletionProtectionEnabled: false } });
  });

  it('keeps customer media in every stage', () => {
    for (const stage of ['dev', 'prod'] as const) dataOf(stage).hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
  });

  it('keeps logs longer in prod', () => {
    expect(stageConfig('prod').logRetention).toBeGreaterThan(stageConfig('dev').logRetention);
  });
});

describe('context', () => {
  const appWith = (context: Record<string, unknown>) => new App({ context });

  it.each([
    [{ stage: 'staging' }, /Unknown stage "staging"/],
    [{ sessionShards: 0 }, /sessionShards must be an integer 1..32/],
    [{ sessionShards: 'two' }, /sessionShards must be an integer 1..32/],
    [{ domainName: 'atende.example.com' }, /domainName and certificateArn go together/],
    [{ sessionHostArch: 'ppc' }, /sessionHostArch must be ARM64 or X86_64/],
    [{ sessionHostSpot: 'maybe' }, /sessionHostSpot must be true or false/],
    [{ webAclArn: 'arn:aws:wafv2:sa-east-1:123456789012:regional/webacl/x/1' }, /CLOUDFRONT-scope web ACL ARN/],
  ])('refuses %j', (context, message) => {
    expect(() => buildApp(appWith(context))).toThrow(message);
  });
});

describe('deploy', () => {
  const scripts = JSON.parse(readFileSync(join(REPO_ROOT, 'infra', 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;

  it('has scripts that never wait for a prompt, for CI', () => {
    for (const name of ['deploy:ci', 'deploy:edge']) {
      expect(scripts[name]).toMatch(/cdk deploy .*--ci/);
      expect(scripts[name]).toContain('--require-approval never');
    }
    expect(scripts['destroy:ci']).toMatch(/cdk destroy .*--force/);
  });

  it('refreshes are not throttled by the stage-wide auth class every tenant shares', () => {
    expect(HTTP_ROUTES.find((r) => r.path === '/auth/refresh_token')?.throttle ?? 'default').toBe('default');
    expect(HTTP_ROUTES.find((r) => r.path === '/auth/login')?.throttle).toBe('auth');
  });
});

describe('session-host/Dockerfile', () => {
  const dockerfile = readFileSync(join(REPO_ROOT, SESSION_HOST_DOCKERFILE), 'utf8');

  it('runs the staged bundle on a slim Node image, as the unprivileged node user, with only sharp installed', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(1);
    expect(dockerfile).toMatch(/^COPY package.json \.\/$/m);
    expect(dockerfile).toMatch(/^COPY main.mjs main.mjs.map \.\/$/m);
    // The context has no sources: nothing may be copied from the repository.
    expect(dockerfile).not.toMatch(/^COPY .*(src|functions|shared)\//m);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:\d+-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "main.mjs"\]$/m);
  });

  it('checks /health on the port the task definition sets', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(dockerfile).toContain(`HEALTH_PORT=${HEALTH_PORT}`);
  });
});
