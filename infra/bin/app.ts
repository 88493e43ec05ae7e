/**
 * CDK entry (`npx cdk synth|deploy` from the repository root; cdk.json runs this with tsx).
 * Context: `stage` (dev | prod), `sessionHosts` (a fleet, one host by default; `sessionShards` for the
 * old shard shape), and optionally `domainName` + `certificateArn`, `alarmEmail`, `extraCorsOrigins`
 * (comma-separated), `sessionHostArch` (ARM64 | X86_64), `sessionHostSpot` (true | false) and
 * `webAclArn` (the edge stack's web ACL, infra/bin/edge.ts).
 */
import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/build-app';

const app = new App();
buildApp(app);
