/** The synthesized app as a whole (cycles, size) and its data layer: the table and the buckets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { TABLE_GSIS, TTL_ATTRIBUTE } from '@atende/functions/table';
import { INTELLIGENT_TIERING_MIN_BYTES } from '../../lib/data/data-construct';
import { findCycle, idAtPath, ofType, refsOf } from '../support/cloud-assembly';
import type { CloudAssembly } from '../support/cloud-assembly';
import type { Template } from 'aws-cdk-lib/assertions';
import { type SynthesizedApp } from '../support/synthesized-app';

export function describeSynthAndData(app: SynthesizedApp): void {
  let a: CloudAssembly;
  let main: Template;
  beforeAll(() => {
    a = app.assembly;
    main = app.template;
  });

  describe('npx cdk synth (offline, no Docker engine)', () => {
    it('writes the main stack, the route stack and the session-host image build context', () => {
      expect(Object.keys(a.main.Resources).length).toBeGreaterThan(50);
      expect(a.nested).toHaveLength(1);
      const assets = JSON.parse(readFileSync(join(a.dir, `${a.stackName}.assets.json`), 'utf8'));
      const images = Object.values(assets.dockerImages) as { source: { directory: string; platform: string } }[];
      expect(images.map((i) => i.source)).toEqual([
        expect.objectContaining({ directory: expect.any(String), platform: 'linux/arm64' }),
      ]);
      // The context is the host's own bundle, not the repository (cdk-session-host-deploys.test.ts).
      const staged = readdirSync(join(a.dir, images[0]!.source.directory)).map(String).sort();
      expect(staged).toEqual(['Dockerfile', 'main.mjs', 'main.mjs.map', 'package.json']);
    });

    // cfn-lint is a Python tool: checked when installed (`pip install cfn-lint`), skipped otherwise.
    const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
    it.runIf(cfnLint)(
      'cfn-lint finds nothing in the templates',
      () => {
        const templates = readdirSync(a.dir)
          .filter((f) => f.endsWith('.template.json'))
          .map((f) => join(a.dir, f));
        // W3005 included: lib/redundant-depends-on.ts drops the DependsOn CDK writes beside a function's role GetAtt.
        const run = spawnSync('cfn-lint', ['--format', 'parseable', '--', ...templates], {
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(run.stdout.trim().split('\n').filter(Boolean)).toEqual([]);
        expect(run.status).toBe(0);
      },
      150_000,
    );

    it('names no DependsOn its properties already reference (cfn-lint W3005, checked without cfn-lint)', () => {
      const redundant: string[] = [];
      for (const template of [a.main, ...a.nested]) {
        for (const [id, r] of Object.entries(template.Resources)) {
          const referenced = refsOf(r.Properties);
          for (const d of [r.DependsOn ?? []].flat()) if (referenced.has(d)) redundant.push(`${id} -> ${d}`);
        }
      }
      expect(redundant).toEqual([]);
      // the grants a function needs before it runs stay ordered
      const fn = Object.values(a.main.Resources).find(
        (r) => r.Type === 'AWS::Lambda::Function' && [r.DependsOn ?? []].flat().some((d) => /DefaultPolicy/.test(d)),
      );
      expect(fn).toBeDefined();
    });

    it('has no dependency cycle and stays well under 500 resources per template', () => {
      for (const template of [a.main, ...a.nested]) {
        expect(findCycle(template)).toBeUndefined();
        expect(Object.keys(template.Resources).length).toBeLessThan(450);
      }
    });
  });

  describe('data', () => {
    it('the one table: on demand, PITR, TTL, the shared GSIs, no stream', () => {
      main.resourceCountIs('AWS::DynamoDB::Table', 1);
      main.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        GlobalSecondaryIndexes: TABLE_GSIS.map((g) =>
          Match.objectLike({
            IndexName: g.indexName,
            KeySchema: [
              { AttributeName: g.partitionKey, KeyType: 'HASH' },
              { AttributeName: g.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          }),
        ),
        StreamSpecification: Match.absent(),
      });
    });

    it('every bucket blocks public access and is encrypted', () => {
      const buckets = ofType(a.main, 'AWS::S3::Bucket');
      expect(buckets.length).toBe(2);
      for (const [, bucket] of buckets) {
        expect(bucket.Properties!.PublicAccessBlockConfiguration).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties!.BucketEncryption).toBeDefined();
      }
    });

    it('the media bucket allows signed uploads from the console and has lifecycle rules', () => {
      const media = a.main.Resources[idAtPath(a, 'Data/MediaBucket')]!.Properties!;
      expect(media.CorsConfiguration.CorsRules[0].AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET']));
      expect(refsOf(media.CorsConfiguration.CorsRules[0].AllowedOrigins).has(idAtPath(a, 'Web/Distribution'))).toBe(true);
      expect(media.LifecycleConfiguration.Rules.length).toBeGreaterThanOrEqual(2);
      // Intelligent-Tiering never tiers objects under 128 KB: moving them would only cost transitions.
      const tiering = media.LifecycleConfiguration.Rules.find((r: { Transitions?: { StorageClass: string }[] }) =>
        r.Transitions?.some((t) => t.StorageClass === 'INTELLIGENT_TIERING'),
      );
      expect(Number(tiering.ObjectSizeGreaterThan)).toBe(INTELLIGENT_TIERING_MIN_BYTES);
    });
  });
}
