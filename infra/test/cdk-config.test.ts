/**
 * The parts of the CDK app that need no full synth: the CloudFront Functions' code (run as it
 * ships), what the stage name switches, and how bad context is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../lib/build-app';
import { Data } from '../lib/data/data-construct';
import { REPO_ROOT, SESSION_HOST_DOCKERFILE } from '../lib/paths';
import { HEALTH_PORT } from '../lib/session-host/session-host-construct';
import { stageConfig } from '../lib/stage-config';
import { SPA_FALLBACK_CODE, STRIP_API_PREFIX_CODE } from '../lib/web/edge-functions';

type ViewerRequest = { request: { uri: string; querystring?: Record<string, unknown> } };
const load = (code: string) => new Function(`${code}; return handler;`)() as (event: ViewerRequest) => { uri: string };
const viewerRequest = (uri: string): ViewerRequest => ({ request: { uri, querystring: { page: { value: '2' } } } });

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
  ])('refuses %j', (context, message) => {
    expect(() => buildApp(appWith(context))).toThrow(message);
  });
});

describe('session-host/Dockerfile', () => {
  const dockerfile = readFileSync(join(REPO_ROOT, SESSION_HOST_DOCKERFILE), 'utf8');

  it('builds in one stage and runs the bundle in a slim one, as the unprivileged node user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS build$/m);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:\d+-slim$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "main.mjs"\]$/m);
  });

  it('checks /health on the port the task definition sets', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(dockerfile).toContain(`HEALTH_PORT=${HEALTH_PORT}`);
  });
});
