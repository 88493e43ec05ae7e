/** Reads the app's context and creates the stage's stack (shared by bin/app.ts and the tests). */
import type { App } from 'aws-cdk-lib';
import { AtendeStack } from './atende-stack';
import { MAX_FLEET_HOSTS, MAX_FLEET_LANES } from './session-host/session-host-construct';
import { stageConfig } from './stage-config';

export interface AppOverrides {
  /** Tests deploy a fixture web build instead of web/dist. */
  webDistDir?: string;
}

function contextString(app: App, key: string): string | undefined {
  const value = app.node.tryGetContext(key) as unknown;
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

export function sessionShardsFromContext(app: App): number {
  const raw = contextString(app, 'sessionShards') ?? '1';
  const shards = Number(raw);
  if (!Number.isInteger(shards) || shards < 1 || shards > 32)
    throw new Error(`context sessionShards must be an integer 1..32, got "${raw}"`);
  return shards;
}

/**
 * The session host is a fleet of `sessionHosts` tasks on one service (issue 29; default 1, with
 * `sessionHostCap`, default 200: docs/deploy.md "Sizing for 50,000 numbers"). Shards are the old shape,
 * kept only for a stage deployed with them until it moves (docs/deploy.md "From shards to the fleet"):
 * naming `sessionShards` alone selects them.
 */
export function sessionFleetFromContext(app: App): { hosts: number; cap: number; lanes: number } | undefined {
  const raw = contextString(app, 'sessionHosts') ?? (contextString(app, 'sessionShards') === undefined ? '1' : undefined);
  if (raw === undefined) return undefined;
  const hosts = Number(raw);
  if (!Number.isInteger(hosts) || hosts < 1 || hosts > MAX_FLEET_HOSTS)
    throw new Error(`context sessionHosts must be an integer 1..${MAX_FLEET_HOSTS}, got "${raw}"`);
  const rawCap = contextString(app, 'sessionHostCap') ?? '200';
  const cap = Number(rawCap);
  if (!Number.isInteger(cap) || cap < 1)
    throw new Error(`context sessionHostCap must be a positive integer, got "${rawCap}"`);
  if (sessionShardsFromContext(app) !== 1) throw new Error('context sessionHosts and sessionShards > 1 exclude each other');
  return { hosts, cap, lanes: sessionLanesFromContext(app, hosts) };
}

/**
 * Command lanes of the fleet (`sessionLanes`, default 1; docs/deploy.md "Lanes"): that many outbound
 * queues, each read by about hosts / lanes hosts. At least two hosts per lane, so that a lane keeps a
 * live host while one of its tasks is replaced.
 */
function sessionLanesFromContext(app: App, hosts: number): number {
  const raw = contextString(app, 'sessionLanes') ?? '1';
  const lanes = Number(raw);
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > MAX_FLEET_LANES)
    throw new Error(`context sessionLanes must be an integer 1..${MAX_FLEET_LANES}, got "${raw}"`);
  if (lanes > 1 && hosts < 2 * lanes)
    throw new Error(`context sessionLanes=${lanes} needs at least ${2 * lanes} sessionHosts (two per lane), got ${hosts}`);
  return lanes;
}

export function buildApp(app: App, overrides: AppOverrides = {}): AtendeStack {
  const stage = stageConfig(contextString(app, 'stage'));
  const domainName = contextString(app, 'domainName');
  const certificateArn = contextString(app, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) throw new Error('context domainName and certificateArn go together');
  const arch = contextString(app, 'sessionHostArch') ?? 'ARM64';
  if (arch !== 'ARM64' && arch !== 'X86_64')
    throw new Error(`context sessionHostArch must be ARM64 or X86_64, got "${arch}"`);
  const spot = contextString(app, 'sessionHostSpot') ?? 'true';
  if (spot !== 'true' && spot !== 'false') throw new Error(`context sessionHostSpot must be true or false, got "${spot}"`);
  const webAclArn = contextString(app, 'webAclArn');
  if (webAclArn && !/^arn:aws[\w-]*:wafv2:us-east-1:\d{12}:global\/webacl\//.test(webAclArn)) {
    throw new Error(
      `context webAclArn must be a CLOUDFRONT-scope web ACL ARN (arn:aws:wafv2:us-east-1:<account>:global/webacl/…), got "${webAclArn}"`,
    );
  }

  const alarmEmail = contextString(app, 'alarmEmail');
  const alarmUrl = alarmUrlFromContext(app);
  if (stage.name === 'prod') requireProdGuards({ webAclArn, alarmEmail, alarmUrl });

  return new AtendeStack(app, `Atende-${stage.name}`, {
    description: `Atende (${stage.name}): multi-tenant WhatsApp customer service`,
    // Account and region come from the deploying credentials; synth works without any.
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    stage,
    sessionShards: sessionShardsFromContext(app),
    sessionFleet: sessionFleetFromContext(app),
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alarmEmail,
    alarmUrl,
    emailFrom: emailFromContext(app),
    extraCorsOrigins: contextString(app, 'extraCorsOrigins')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionHostCpuArchitecture: arch,
    sessionHostSpot: spot === 'true',
    webAclArn,
    webDistDir: overrides.webDistDir,
    tags: { app: 'atende', stage: stage.name },
  });
}

/** Context `emailFrom`: the SES-verified sender address (its domain or itself verified in SES). */
function emailFromContext(app: App): string | undefined {
  const value = contextString(app, 'emailFrom');
  if (value && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))
    throw new Error(`context emailFrom must be an e-mail address, got "${value}"`);
  return value;
}

/**
 * A prod stage is never deployed unguarded: without the edge web ACL its API has no per-IP limit,
 * and without a subscriber its alarms page nobody (docs/deploy.md "Deploy"). Dev may go without both.
 */
export function requireProdGuards(guards: { webAclArn?: string; alarmEmail?: string; alarmUrl?: string }): void {
  if (!guards.webAclArn)
    throw new Error(
      'stage prod needs context webAclArn (the WebAclArn output of `npm run deploy:edge -w infra`): no prod without the edge rate limit',
    );
  if (!guards.alarmEmail && !guards.alarmUrl)
    throw new Error('stage prod needs context alarmEmail or alarmUrl: no prod whose alarms notify nobody');
}

/** Context `alarmUrl`: an HTTPS endpoint subscribed to the alarm topic (an incident tool's SNS integration URL). */
function alarmUrlFromContext(app: App): string | undefined {
  const value = contextString(app, 'alarmUrl');
  if (value && !/^https:\/\/[^\s/]+/.test(value))
    throw new Error(`context alarmUrl must be an https:// URL, got "${value}"`);
  return value;
}
