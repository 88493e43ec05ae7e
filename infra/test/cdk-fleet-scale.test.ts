/**
 * Issue 29: the session host grows by tasks, not by stacks. The fleet shape synthesizes for the
 * largest supported fleet with exactly the resources of a one-host fleet (the shard shape added 14
 * per shard and stopped synthesizing at 21), and the one service's tasks carry the fleet's settings
 * and may touch only auth state and the fleet's leases in the table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_OUTBOUND_MAX_RECEIVES } from '@atende/functions/manifest';
import { buildApp, sessionFleetFromContext } from '../lib/build-app';
import {
  FLEET_LEADING_KEYS,
  FLEET_TASK,
  MAX_FLEET_HOSTS,
  MAX_FLEET_LANES,
} from '../lib/session-host/session-host-construct';
import type { CfnTemplate } from './support/cloud-assembly';
import { PROD_GUARDS } from './support/prod-context';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function template(context: Record<string, string>): CfnTemplate {
  const outdir = mkdtempSync(join(tmpdir(), 'atende-fleet-'));
  dirs.push(outdir);
  const app = new App({ outdir, context: { stage: 'prod', ...PROD_GUARDS, ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = buildApp(app);
  return app.synth().getStackByName(stack.stackName).template as CfnTemplate;
}

const countByType = (t: CfnTemplate) => {
  const counts: Record<string, number> = {};
  for (const r of Object.values(t.Resources)) counts[r.Type] = (counts[r.Type] ?? 0) + 1;
  return counts;
};
const ofType = (t: CfnTemplate, type: string) => Object.values(t.Resources).filter((r) => r.Type === type);

describe('session-host fleet at scale', () => {
  let one: CfnTemplate;
  let largest: CfnTemplate;
  let laned: CfnTemplate;
  beforeAll(() => {
    one = template({}); // no context: the default shape
    largest = template({ sessionHosts: String(MAX_FLEET_HOSTS), sessionHostCap: '300' });
    laned = template({ sessionHosts: String(MAX_FLEET_HOSTS), sessionLanes: String(MAX_FLEET_LANES) });
  }, 360_000);

  it(`synthesizes ${MAX_FLEET_HOSTS} hosts with the same resources as one host`, () => {
    expect(Object.keys(largest.Resources).length).toBe(Object.keys(one.Resources).length);
    expect(countByType(largest)).toEqual(countByType(one));
    // Within CloudFormation's 500-resource limit with room to spare.
    expect(Object.keys(largest.Resources).length).toBeLessThan(450);
  });

  it('runs one service whose desired count is the host count, on 1 vCPU / 2 GiB tasks, deploying without a gap', () => {
    const services = ofType(largest, 'AWS::ECS::Service');
    expect(services).toHaveLength(1);
    expect(services[0]!.Properties).toMatchObject({
      DesiredCount: MAX_FLEET_HOSTS,
      DeploymentConfiguration: { MinimumHealthyPercent: 100, MaximumPercent: 200 },
    });
    const [task] = ofType(largest, 'AWS::ECS::TaskDefinition');
    expect(task!.Properties).toMatchObject({ Cpu: String(FLEET_TASK.cpu), Memory: String(FLEET_TASK.memoryMiB) });
    const env = Object.fromEntries(
      (task!.Properties!.ContainerDefinitions[0].Environment as { Name: string; Value: unknown }[]).map((e) => [
        e.Name,
        e.Value,
      ]),
    );
    expect(env).toMatchObject({ SESSION_FLEET: 'true', HOST_CAP: '300', SHARD: '0' });
    expect(env.QUEUE_URL_OUTBOUND_0).toBeDefined();
  });

  it('shares one outbound FIFO queue whose dead-letter threshold allows a hand-back per host', () => {
    const outbound = ofType(largest, 'AWS::SQS::Queue').filter((q) =>
      JSON.stringify(q.Properties?.QueueName ?? '').includes('utbound'),
    );
    const redrives = ofType(largest, 'AWS::SQS::Queue')
      .map((q) => q.Properties?.RedrivePolicy as { maxReceiveCount?: number } | undefined)
      .filter((r) => r?.maxReceiveCount === FLEET_OUTBOUND_MAX_RECEIVES);
    expect(redrives).toHaveLength(1);
    expect(outbound.length).toBeLessThanOrEqual(2); // the queue and its dead letters, if named
  });

  it('lets the fleet task touch only auth state and the fleet leases, on the table and the owner index', () => {
    const statements = ofType(largest, 'AWS::IAM::Policy').flatMap(
      (p) => p.Properties!.PolicyDocument.Statement as Record<string, any>[],
    );
    const table = statements.find((s) => JSON.stringify(s.Condition ?? {}).includes('P#FLEET'))!;
    expect(table.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': FLEET_LEADING_KEYS } });
    expect(JSON.stringify(table.Resource)).toContain('/index/GSI1');
    expect(table.Action).toContain('dynamodb:ConditionCheckItem');
  });

  it('is the default: with no context the stage runs a one-host fleet; shards only when sessionShards is named', () => {
    const [service] = ofType(one, 'AWS::ECS::Service');
    expect(ofType(one, 'AWS::ECS::Service')).toHaveLength(1);
    expect(service!.Properties).toMatchObject({ DesiredCount: 1 });
    const [task] = ofType(one, 'AWS::ECS::TaskDefinition');
    expect(JSON.stringify(task!.Properties!.ContainerDefinitions[0].Environment)).toContain('SESSION_FLEET');
    const fleetOf = (context: Record<string, string>) => sessionFleetFromContext(new App({ context }));
    expect(fleetOf({})).toEqual({ hosts: 1, cap: 200, lanes: 1 });
    expect(fleetOf({ sessionShards: '2' })).toBeUndefined();
    expect(fleetOf({ sessionShards: '1' })).toBeUndefined();
    expect(fleetOf({ sessionHosts: '4', sessionShards: '1' })).toEqual({ hosts: 4, cap: 200, lanes: 1 });
    expect(fleetOf({ sessionHosts: '186', sessionLanes: '8' })).toEqual({ hosts: 186, cap: 200, lanes: 8 });
  });

  it('refuses a fleet beyond the supported size, and a fleet mixed with shards', () => {
    expect(() => template({ sessionHosts: String(MAX_FLEET_HOSTS + 1) })).toThrow(/sessionHosts/);
    expect(() => template({ sessionHosts: '3', sessionShards: '2' })).toThrow(/exclude each other/);
    expect(() => template({ sessionHosts: '8', sessionLanes: '5' })).toThrow(/two per lane/);
    expect(() => template({ sessionHosts: '100', sessionLanes: String(MAX_FLEET_LANES + 1) })).toThrow(/sessionLanes/);
  });

  describe('command lanes (sessionLanes)', () => {
    const laneQueues = (t: CfnTemplate) =>
      ofType(t, 'AWS::SQS::Queue').filter(
        (q) =>
          (q.Properties?.RedrivePolicy as { maxReceiveCount?: number } | undefined)?.maxReceiveCount ===
          FLEET_OUTBOUND_MAX_RECEIVES,
      );
    const environmentOf = (t: CfnTemplate, predicate: (env: Record<string, unknown>) => boolean) =>
      [...ofType(t, 'AWS::ECS::TaskDefinition'), ...ofType(t, 'AWS::Lambda::Function')]
        .map((r) => {
          const list = r.Properties?.ContainerDefinitions?.[0]?.Environment as
            { Name: string; Value: unknown }[] | undefined;
          const vars = (r.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>;
          return list ? Object.fromEntries(list.map((e) => [e.Name, e.Value])) : vars;
        })
        .filter(predicate);

    it('adds a fixed set of resources per lane, whatever the host count, within the stack limit', () => {
      expect(laneQueues(laned)).toHaveLength(MAX_FLEET_LANES);
      const perLane = { 'AWS::SQS::Queue': 2, 'AWS::SQS::QueuePolicy': 2, 'AWS::CloudWatch::Alarm': 2 };
      const counts = countByType(laned);
      const base = countByType(largest);
      for (const [type, count] of Object.entries(perLane)) {
        expect(counts[type]! - (base[type] ?? 0), type).toBe(count * (MAX_FLEET_LANES - 1));
      }
      expect(Object.keys(laned.Resources).length).toBeLessThan(500);
    });

    it('gives every host every lane queue and the lane count, and lets it read only those queues', () => {
      const [task] = environmentOf(laned, (env) => env.SESSION_FLEET === 'true');
      expect(task).toMatchObject({ SESSION_LANES: String(MAX_FLEET_LANES) });
      for (let lane = 0; lane < MAX_FLEET_LANES; lane++) expect(task![`QUEUE_URL_OUTBOUND_${lane}`]).toBeDefined();
      const receive = ofType(laned, 'AWS::IAM::Policy')
        .flatMap((p) => p.Properties!.PolicyDocument.Statement as Record<string, any>[])
        .filter((st) => JSON.stringify(st.Action).includes('sqs:ReceiveMessage'))
        .filter((st) => JSON.stringify(st.Resource).includes('Outbound'));
      expect(receive).toHaveLength(1);
      expect(receive[0]!.Resource).toHaveLength(MAX_FLEET_LANES);
      // one lane: the task definition of a stage without lanes is unchanged
      const [plain] = environmentOf(largest, (env) => env.SESSION_FLEET === 'true');
      expect(plain!.SESSION_LANES).toBeUndefined();
      expect(plain!.QUEUE_URL_OUTBOUND_1).toBeUndefined();
    });

    it('tells the functions that send commands the lane count, with every lane queue to send to', () => {
      const senders = environmentOf(
        laned,
        (env) => env.QUEUE_URL_OUTBOUND_0 !== undefined && env.SESSION_FLEET === undefined,
      );
      expect(senders.length).toBeGreaterThan(0);
      for (const env of senders) {
        expect(env.SESSION_LANES).toBe(String(MAX_FLEET_LANES));
        expect(env[`QUEUE_URL_OUTBOUND_${MAX_FLEET_LANES - 1}`]).toBeDefined();
      }
      expect(environmentOf(largest, (env) => env.SESSION_LANES !== undefined)).toEqual([]);
    });
  });
});
